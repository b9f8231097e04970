import { NotFound } from "@onstage/domain";
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../../platform/database";
import { ownsFirstChannel } from "./queries";

// Issue 23 §2.7: the development mailbox holds every user's sign-in links, so it answers only the
// machine the server runs on and the owner of the install's first channel (docs/decisions.md).

/**
 * The TCP peer is this machine. The socket's own address, never `req.ip`: with TRUST_PROXY that comes
 * from X-Forwarded-For, which any client writes (and a proxy on this machine is a loopback peer for
 * everyone behind it: the owner's sign-in is the way in there).
 */
export function isLoopback(address: string | undefined): boolean {
  return address === "::1" || (address !== undefined && /^(?:::ffff:)?127\./.test(address));
}

/** A hook for the mailbox's routes: anyone else is told there is nothing here. */
export function mailboxReader(db: Queryable) {
  return async (req: FastifyRequest): Promise<void> => {
    if (isLoopback(req.socket.remoteAddress)) return;
    if (req.viewerUserId !== null && (await ownsFirstChannel(db, req.viewerUserId))) return;
    throw NotFound();
  };
}
