-- Issue 12 "show on stage": the question the team last answered onto the stage, so a late joiner and the
-- program feed read it with the session. A deleted question leaves the stage with it.
ALTER TABLE video_sessions
  ADD COLUMN qa_on_stage_question_id bigint REFERENCES questions (id) ON DELETE SET NULL;
