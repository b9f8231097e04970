import type { PublicProfile } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

export async function findProfile(
  db: Queryable,
  userId: number,
): Promise<{ firstName: string; lastName: string; profilePhoto: string | null; bio: string | null } | null> {
  const [user] = await db.query<{
    first_name: string;
    last_name: string;
    profile_photo: string | null;
    bio: string | null;
  }>("SELECT first_name, last_name, profile_photo, bio FROM users WHERE id = $1", [userId]);
  return user
    ? {
        firstName: user.first_name,
        lastName: user.last_name,
        profilePhoto: user.profile_photo,
        bio: user.bio,
      }
    : null;
}

/**
 * Issue 29 §3: of `userIds`, the people of event `eventId` (a role, a registration, its channel's team,
 * or a presence in one of its sessions), with what anyone in its room sees of them.
 */
export async function findEventPeople(
  db: Queryable,
  eventId: number,
  userIds: readonly number[],
): Promise<PublicProfile[]> {
  const rows = await db.query<{
    id: number;
    first_name: string;
    last_name: string;
    profile_photo: string | null;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.profile_photo
       FROM users u JOIN events e ON e.id = $1
      WHERE u.id = ANY($2::bigint[])
        AND (EXISTS (SELECT 1 FROM events_users_roles r WHERE r.event_id = e.id AND r.user_id = u.id)
             OR EXISTS (SELECT 1 FROM event_registrations g WHERE g.event_id = e.id AND g.user_id = u.id)
             OR EXISTS (SELECT 1 FROM organization_members m
                         WHERE m.organization_id = e.organization_id AND m.user_id = u.id)
             OR EXISTS (SELECT 1 FROM video_session_users v JOIN video_sessions s ON s.id = v.video_session_id
                         WHERE s.event_id = e.id AND v.user_id = u.id))
      ORDER BY u.id`,
    [eventId, userIds],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    profilePhoto: r.profile_photo,
  }));
}
