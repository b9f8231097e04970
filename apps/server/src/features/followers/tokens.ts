import { createHmac, timingSafeEqual } from "node:crypto";

// The unfollow link of a go-live mail (issue 28 §3): it ends one follow without a sign-in. It names the
// channel, the user and the moment they followed, signed with the server's link secret, so it cannot be
// made for anyone else, and a follow begun after it (a new one) is not ended by it.

export interface FollowRef {
  channelId: number;
  userId: number;
  /** When the follow began, to the millisecond. */
  followedAt: Date;
}

const TOKEN = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`unfollow:${payload}`).digest("base64url");

export function unfollowToken(secret: string, follow: FollowRef): string {
  const payload = `${follow.channelId}.${follow.userId}.${follow.followedAt.getTime()}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The follow a token names, if `secret` signed it; null for anything else. */
export function readUnfollowToken(secret: string, token: string): FollowRef | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, channelId, userId, followedAtMs, signature] = match;
  const payload = `${channelId}.${userId}.${followedAtMs}`;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { channelId: Number(channelId), userId: Number(userId), followedAt: new Date(Number(followedAtMs)) };
}
