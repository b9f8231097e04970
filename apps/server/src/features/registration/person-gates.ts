import { Forbidden, type RegisterInput, viewerFlags } from "@onstage/domain";
import { type EventStanding, findStanding } from "../../kernel/access/queries";
import type { Queryable } from "../../platform/database";
import { checkedAnswers, type StoredAnswer, verifyEventPassword } from "./gates";
import { hasMembershipVerification, listQuestions, type RegistrationEvent } from "./queries";

/** Spec 1 §6: a user who may come on stage bypasses seat limits; speakers of any of its sessions count. */
export function mayComeOnStage(person: EventStanding, userId: number): boolean {
  return viewerFlags({ userId, ...person }, person.speakerSessionIds[0] ?? null).canComeOnStage;
}

/**
 * The gates of spec 1 §4 that depend on the person: not banned, the event password, the membership
 * check, and the custom questions. A paid checkout passed the password and required questions when it
 * was created (`paid`), so a paying user is never refused for them after the card was charged.
 */
export async function checkPersonGates(
  db: Queryable,
  input: { event: RegistrationEvent; userId: number; request: RegisterInput; paid: boolean },
): Promise<{ person: EventStanding; answers: StoredAnswer[] }> {
  const { event, userId, request } = input;
  const person = await findStanding(db, event.id, userId);
  if (person.isBanned) throw Forbidden("banned");
  if (!input.paid) await verifyEventPassword(db, event, userId, request.event_password ?? "");
  if (event.access === "patreon" && !(await hasMembershipVerification(db, userId, event.id))) {
    throw Forbidden("membership_required");
  }
  const questions = await listQuestions(db, event.id);
  const answers = checkedAnswers(questions, request.custom_registration_field_answers, {
    requireAll: !input.paid,
  });
  return { person, answers };
}
