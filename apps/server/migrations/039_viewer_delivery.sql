-- Issue 27 §1: how the audience watches a broadcast. show_to_all is the team's flag (HLS for everyone);
-- viewer_delivery is what the room delivers now, kept so the threshold's hysteresis has a memory that
-- every node shares.
ALTER TABLE video_sessions
  ADD COLUMN show_to_all     boolean NOT NULL DEFAULT false,
  ADD COLUMN viewer_delivery text    NOT NULL DEFAULT 'webrtc' CHECK (viewer_delivery IN ('webrtc', 'hls'));
