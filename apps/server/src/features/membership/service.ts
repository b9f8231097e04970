import { Conflict, Forbidden, type IsValidPatronResponse, NotFound } from "@onstage/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Queryable } from "../../platform/database";
import { type MembershipGate, MembershipUnavailable } from "../../platform/membership/gate";
import { findGatedEvent, type GatedEvent } from "./queries";

export interface MembershipDeps {
  db: Queryable;
  gate: MembershipGate;
  /** The registration feature's record of a passed check (membership_verifications). */
  membershipVerified(userId: number, eventId: number): Promise<unknown>;
  log: FastifyBaseLogger;
}

export function membershipService(deps: MembershipDeps) {
  /** An event the viewer may see; deleted and archived events are gone (spec 1 §4). */
  async function visibleEvent(eventId: number): Promise<GatedEvent> {
    const event = await findGatedEvent(deps.db, eventId);
    if (!event || event.isGone) throw NotFound("event_not_found");
    return event;
  }

  return {
    visibleEvent,

    /**
     * Spec 1 §7 is-valid-patron, for the viewer only. A pass is recorded for the registration, which
     * accepts a membership-gated registration only after one.
     */
    async isValidPatron(
      viewerId: number,
      input: { event_id: number; user_id: number },
    ): Promise<IsValidPatronResponse> {
      if (input.user_id !== viewerId) throw Forbidden();
      const event = await visibleEvent(input.event_id);
      // Not a membership-gated event: there is nothing to pass.
      if (event.access !== "patreon" || event.tierAmountCents === null) return { isValid: true };
      try {
        const verdict = await deps.gate.check({
          userId: viewerId,
          eventId: event.id,
          tierAmountCents: event.tierAmountCents,
          organization: { id: event.organizationId, patreonCampaignId: event.patreonCampaignId },
        });
        if (verdict.isValid) await deps.membershipVerified(viewerId, event.id);
        return verdict;
      } catch (error) {
        if (!(error instanceof MembershipUnavailable)) throw error;
        deps.log.warn({ err: error, eventId: event.id }, "membership check unavailable");
        throw Conflict("membership_unavailable");
      }
    },
  };
}

export type MembershipService = ReturnType<typeof membershipService>;
