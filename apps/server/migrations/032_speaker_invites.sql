-- Speaker invitations (issue 23 §3.3): a team invitation that names an event and its sessions instead of
-- a channel role. It shares the team's road (mailed `invite` link, accept, resend limit per channel);
-- accepting records the speaker per video session (spec 1 §6) in events_users_roles.
ALTER TABLE team_invites ADD COLUMN event_id bigint REFERENCES events (id) ON DELETE CASCADE;
ALTER TABLE team_invites ADD COLUMN video_session_ids bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE team_invites DROP CONSTRAINT team_invites_role_check;
ALTER TABLE team_invites ADD CONSTRAINT team_invites_role_check CHECK (
  (event_id IS NULL AND role IN ('admin', 'member')) OR (event_id IS NOT NULL AND role = 'speaker')
);
-- One open invitation per address to a channel's team, and one per address to speak at an event.
DROP INDEX team_invites_open_idx;
CREATE UNIQUE INDEX team_invites_open_idx ON team_invites (organization_id, (COALESCE(event_id, 0)), email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX team_invites_event_idx ON team_invites (event_id) WHERE event_id IS NOT NULL;
