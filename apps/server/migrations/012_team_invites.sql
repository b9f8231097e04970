-- Team invitations (issue 10 §1.1): a role bound to an e-mail address waits here until the owner of a
-- verified account with that address accepts it; the team lists, resends and revokes them by id. The
-- mailed link is an `invite` auth token whose payload names the invitation.
CREATE TABLE team_invites (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id bigint NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email           text NOT NULL CHECK (email = lower(email)),
  role            text NOT NULL CHECK (role IN ('admin', 'member')),
  invited_by      bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  accepted_at     timestamptz,
  revoked_at      timestamptz
);
-- One open invitation per channel and address: inviting again renews it.
CREATE UNIQUE INDEX team_invites_open_idx ON team_invites (organization_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX team_invites_email_idx ON team_invites (email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Invitations mailed before this table existed keep working: each open one becomes a row its token names.
INSERT INTO team_invites (organization_id, email, role, created_at, expires_at)
SELECT DISTINCT ON (o.id, t.email) o.id, t.email, t.payload->>'role', t.created_at, t.expires_at
  FROM auth_tokens t JOIN organizations o ON o.id = (t.payload->>'organizationId')::bigint
 WHERE t.purpose = 'invite' AND t.used_at IS NULL AND t.expires_at > now()
   AND t.payload->>'role' IN ('admin', 'member')
 ORDER BY o.id, t.email, t.created_at DESC;

UPDATE auth_tokens t SET payload = t.payload || jsonb_build_object('inviteId', i.id)
  FROM team_invites i
 WHERE t.purpose = 'invite' AND t.used_at IS NULL
   AND i.organization_id = (t.payload->>'organizationId')::bigint AND i.email = t.email;
