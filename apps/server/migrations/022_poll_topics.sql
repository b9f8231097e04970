-- Polls' realtime topics (spec 2 §6): the audience's polls:{sessionId} and the managers' polls-team:{sessionId}.
ALTER TABLE realtime_topics DROP CONSTRAINT realtime_topics_topic_check;
ALTER TABLE realtime_topics ADD CONSTRAINT realtime_topics_topic_check
  CHECK (topic ~ '^(event|session|chat|presence|polls|polls-team|user):[1-9][0-9]*$');
