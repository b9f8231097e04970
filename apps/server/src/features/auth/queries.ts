import type { CurrentUser } from "@onstage/domain";
import type { Queryable } from "../../platform/database";

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
  email_verified_at: Date | null;
  tos_accepted: Date | null;
}

export async function findCurrentUser(db: Queryable, userId: number): Promise<CurrentUser | null> {
  const [row] = await db.query<UserRow>(
    `SELECT id, email, first_name, last_name, profile_photo, email_verified_at, tos_accepted
       FROM users WHERE id = $1`,
    [userId],
  );
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profilePhoto: row.profile_photo,
    emailVerified: row.email_verified_at !== null,
    tosAccepted: row.tos_accepted?.toISOString() ?? null,
  };
}
