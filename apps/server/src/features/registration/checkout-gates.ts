import { BadRequest, Forbidden, isHostLevel, viewerFlags } from "@onstage/domain";
import { findStanding } from "../../kernel/access/queries";
import type { Queryable } from "../../platform/database";
import { assertOpenForRegistration, checkedAnswers, verifyEventPassword } from "./gates";
import type { CheckoutAdmission, RegistrationPort } from "./payments-port";
import { mayComeOnStage } from "./person-gates";
import { findTicket } from "./pricing/queries";
import { findEvent, findRegistration, listQuestions } from "./queries";

// The registration gates a card checkout passes before the buyer pays (spec 1 §7 create-checkout-session).

export async function admitToCheckout(
  db: Queryable,
  userId: number,
  request: Parameters<RegistrationPort["admitToCheckout"]>[1],
): Promise<CheckoutAdmission | null> {
  const event = await findEvent(db, request.eventId);
  assertOpenForRegistration(event);
  if (await findRegistration(db, event.id, userId)) return null;
  const person = await findStanding(db, event.id, userId);
  if (person.isBanned) throw Forbidden("banned");
  const ticket = await findTicket(db, event.id, request.ticketId);
  if (!ticket) throw BadRequest("invalid_ticket");
  await verifyEventPassword(db, event, userId, request.eventPassword ?? "");
  checkedAnswers(await listQuestions(db, event.id), request.answers);
  return { eventId: event.id, ticket, bypassesSeatLimit: mayComeOnStage(person, userId) };
}

export async function isEventHost(db: Queryable, userId: number, eventId: number): Promise<boolean> {
  const event = await findEvent(db, eventId);
  if (!event) return false;
  const person = await findStanding(db, eventId, userId);
  return isHostLevel(viewerFlags({ userId, ...person }, null));
}
