-- One active tab (spec 1 §4): when the active tab last heartbeated. A tab killed without unloading sends
-- no leave beacon; once it has been silent for the live window (PRESENCE_LIVE_WINDOW_MS) its claim is
-- stale and blocks nobody (domain isActiveBrowserStale).
ALTER TABLE video_session_users ADD COLUMN active_browser_seen timestamptz;

-- Claims made before this column: the user's latest heartbeat is the best guess of the tab's.
UPDATE video_session_users SET active_browser_seen = last_seen WHERE active_browser_id IS NOT NULL;
