-- Issue 26: a clip is cut from one stream's recording (the session's latest when it was made) into an
-- MP4 (file_key, video_url) and a thumbnail; a failed cut says why. Views are counted once per viewer
-- per hour: the last view of a viewer is found by this index.
ALTER TABLE clips
  ADD COLUMN stream_id     bigint REFERENCES video_session_streams (id) ON DELETE SET NULL,
  ADD COLUMN render_error  text,
  ADD COLUMN video_url     text,
  ADD COLUMN thumbnail_key text,
  ADD COLUMN thumbnail_url text;
CREATE INDEX clip_views_viewer_idx ON clip_views (clip_id, viewer_key, created_at DESC);
