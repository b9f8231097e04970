-- Chat and presence (issue 6): the lookups the chat flood limit and the presence jobs make.

-- CHAT_SENDS_PER_10_SECONDS: a user's recent messages, counted on every send.
CREATE INDEX chat_messages_user_recent_idx ON chat_messages (user_id, created_at DESC);

-- Reconciliation (PRESENCE_RECONCILE_INTERVAL_MS) looks for users still marked live but not seen lately.
CREATE INDEX video_session_users_live_seen_idx ON video_session_users (last_seen) WHERE state <> 'offline';
