-- Issue 11: a stream remembers whether it records (go live and record, or go live only; paused and
-- resumed while broadcasting) and how long its recording is.
ALTER TABLE video_session_streams ADD COLUMN is_recording boolean NOT NULL DEFAULT false;
