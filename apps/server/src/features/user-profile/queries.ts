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
