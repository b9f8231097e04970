-- Issue 13 §5: with LiveKit Ingress the encoder's URL is LiveKit's answer for the session's input, kept
-- beside the key LiveKit made; NULL: the embedded listener's URL (RTMP_PUBLIC_URL) applies.
ALTER TABLE video_sessions ADD COLUMN live_stream_server_url text;
