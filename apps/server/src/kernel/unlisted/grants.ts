import { createHash, randomBytes } from "node:crypto";
import { NotFound } from "@onstage/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../../platform/database";
import type { CookiePolicy } from "../identity/user-sessions";
import * as q from "./queries";

// Unlisted (private) events are reached only through their code (spec 1 §2 'Unlisted'). Opening one by its
// code grants this browser and the signed-in user access to its id-based calls; without a grant or a role
// an unlisted event answers exactly like an unknown one (docs/decisions.md "Unlisted events").

/** Who is asking: the session's user and this browser's grant key (hash of its cookie), either may be null. */
export interface Opener {
  userId: number | null;
  browserKey: string | null;
}

export const openerOf = (req: FastifyRequest): Opener => ({
  userId: req.viewerUserId,
  browserKey: req.browserKey,
});

const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60; // the longest lifetime browsers keep (RFC 6265bis)

export const hashBrowserId = (browserId: string) => createHash("sha256").update(browserId).digest("hex");

function holders(opener: Opener): string[] {
  return [
    ...(opener.userId === null ? [] : [`user:${opener.userId}`]),
    ...(opener.browserKey === null ? [] : [`browser:${opener.browserKey}`]),
  ];
}

/** The parameters `reachableSql` (queries.ts) reads, in its order. */
export const reachableParams = (opener: Opener): [number | null, string[]] => [
  opener.userId,
  holders(opener),
];

/**
 * Throws `event_not_found` when `eventId` is unknown, or an unlisted event the opener never opened by its
 * code (and holds no role on): both take this one line, so their answers cannot differ.
 */
export async function requireReachableEvent(db: Queryable, opener: Opener, eventId: number): Promise<void> {
  if (!(await q.isReachable(db, eventId, ...reachableParams(opener)))) throw NotFound("event_not_found");
}

/**
 * The event was opened by its code: grant it to this browser (setting its cookie when it has none) and to
 * the signed-in user, so a sign-in in the middle of registration keeps the grant.
 */
export async function grantOpenedEvent(
  db: Queryable,
  req: FastifyRequest,
  reply: FastifyReply,
  policy: CookiePolicy,
  eventId: number,
): Promise<void> {
  if (req.browserKey === null) {
    const browserId = randomBytes(32).toString("base64url");
    reply.setCookie(policy.browserCookie, browserId, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: policy.secure,
      maxAge: BROWSER_COOKIE_MAX_AGE_S,
    });
    req.browserKey = hashBrowserId(browserId);
  }
  await q.grant(db, eventId, holders(openerOf(req)));
}

/**
 * A preHandler for routes that name an event by `event_id` in their body or query (registration,
 * payments, membership): an unlisted event the caller never opened is answered as an unknown one.
 */
export function reachableEventHook(db: Queryable) {
  return async (req: FastifyRequest): Promise<void> => {
    const named = (source: unknown) => (source as { event_id?: unknown } | null | undefined)?.event_id;
    const eventId = named(req.body) ?? named(req.query);
    if (typeof eventId === "number") await requireReachableEvent(db, openerOf(req), eventId);
  };
}

/** At sign-in: the unlisted events this browser opened become the user's too (a visitor who signs in). */
export async function carryBrowserGrants(db: Queryable, browserKey: string, userId: number): Promise<void> {
  await q.copyGrants(db, `browser:${browserKey}`, `user:${userId}`);
}
