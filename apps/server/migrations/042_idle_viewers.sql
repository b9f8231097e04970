-- Issue 29 §2 (spec 1 §9): a live viewer with no activity for the idle timeout is idle until they are
-- active again; null while active. Going offline clears it.
ALTER TABLE video_session_users ADD COLUMN idle_since timestamptz;
