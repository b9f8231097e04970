-- Durable jobs (issue 10 §2.3): registration mails are enqueued in the registration's transaction and
-- sent by a worker; see docs/decisions.md "Jobs".

CREATE TABLE jobs (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind         text NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
  -- Unique per piece of work (e.g. 'registration:12:confirmation'): enqueueing it again is a no-op.
  job_key      text NOT NULL CHECK (length(job_key) BETWEEN 1 AND 200),
  payload      jsonb NOT NULL DEFAULT '{}'::jsonb,
  state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'skipped', 'failed')),
  run_at       timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- A claimed job belongs to the claim token until its lease ends; a crashed worker's job comes back then.
  claim_token  text,
  locked_until timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  CHECK ((state = 'pending') = (finished_at IS NULL))
);
CREATE UNIQUE INDEX jobs_job_key_key ON jobs (job_key);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state = 'pending';

-- The zone the attendee's browser reported at registration; mails show session times in it.
ALTER TABLE users ADD COLUMN time_zone text CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64);

-- The development mailbox keeps attachments too: [{filename, contentType, content}] (text content).
ALTER TABLE dev_mailbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb;
