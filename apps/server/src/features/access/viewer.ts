import { Unauthorized } from "@onstage/domain";
import type { FastifyRequest } from "fastify";

/** The signed-in user's id; a visitor is refused with 401. */
export function requireViewer(req: FastifyRequest): number {
  if (req.viewerUserId === null) throw Unauthorized();
  return req.viewerUserId;
}
