-- Issue 25 §2: a shared video's preparation (probed, remuxed or transcoded to H.264/AAC MP4) and where
-- the playable file is (file_key: where the prepared MP4 goes). The upload is kept at upload_key until
-- it is prepared.
ALTER TABLE video_shares
  ADD COLUMN upload_key    text,
  ADD COLUMN prep_state    text NOT NULL DEFAULT 'pending'
    CHECK (prep_state IN ('pending', 'preparing', 'ready', 'failed')),
  ADD COLUMN prep_error    text,
  ADD COLUMN prep_progress real NOT NULL DEFAULT 0 CHECK (prep_progress BETWEEN 0 AND 1),
  ADD COLUMN duration_ms   integer NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
  ADD COLUMN video_url     text;
