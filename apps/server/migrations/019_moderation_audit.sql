-- Issue 12 item 7: every moderation action (who, whom, what, when), read by the channel's owner and admins.
-- Written in the action's own transaction, so a recorded action and its audit row never disagree.
CREATE TABLE moderation_audit (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  event_id        bigint REFERENCES events (id) ON DELETE SET NULL,
  actor_id        bigint REFERENCES users (id) ON DELETE SET NULL,
  target_user_id  bigint REFERENCES users (id) ON DELETE SET NULL,
  action          text NOT NULL
                    CHECK (action IN ('ban', 'shadow_ban', 'channel_ban', 'unban', 'role_change', 'remove_attendee')),
  -- What changed beyond the action: the ban's id, the roles before and after.
  details         jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_audit_org_idx ON moderation_audit (organization_id, id DESC);
