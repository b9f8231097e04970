import { createHash, timingSafeEqual } from "node:crypto";
import {
  BadRequest,
  type CustomAnswers,
  type CustomRegistrationFieldAnswer,
  customAnswerRefusal,
  joinMultiSelect,
  missingRequiredFields,
  NotFound,
  RateLimited,
  splitMultiSelect,
} from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { clearThrottle, countAttempt, isOverLimit, type ThrottleKey } from "../auth/service";
import { type CouponRecord, findCoupon } from "./pricing/queries";
import type { RegistrationEvent, RegistrationQuestion } from "./queries";
import { assertCouponLeft } from "./seats/seats";

// The checks a registration passes before it takes a seat; each throws the refusal the client shows.

/** Spec 1 §4: deleted and archived events are gone for visitors (the page shows the spec's toasts). */
export function assertOpenForRegistration(
  event: RegistrationEvent | null,
): asserts event is RegistrationEvent {
  if (!event) throw NotFound("event_not_found");
  if (event.isDeleted) throw NotFound("event_deleted");
  if (event.isArchived) throw NotFound("event_archived");
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Spec 1 §5 'Incorrect event password'. Guesses are throttled per user and event like sign-in guesses
 * (docs/decisions.md), and the comparison takes the same time whatever the guess.
 */
export async function verifyEventPassword(
  db: Queryable,
  event: Pick<RegistrationEvent, "id" | "password">,
  userId: number,
  guess: string,
): Promise<void> {
  if (event.password === null) return;
  const key: ThrottleKey = { scope: "event-password", value: `${userId}:${event.id}` };
  if (await isOverLimit(db, key)) throw RateLimited("too_many_guesses");
  if (!timingSafeEqual(digest(event.password), digest(guess))) {
    await countAttempt(db, [key]);
    throw BadRequest("incorrect_event_password");
  }
  await clearThrottle(db, [key]);
}

/**
 * Spec 1 §5 promo codes: an unknown, deleted, expired or used-up code, or another event's, is 'Sorry,
 * that code is invalid.'. Unknown codes count as guesses against the user.
 */
export async function usableCoupon(
  db: Queryable,
  input: { eventId: number; userId: number; code: string; now: number },
): Promise<CouponRecord> {
  const key: ThrottleKey = { scope: "coupon", value: String(input.userId) };
  if (await isOverLimit(db, key)) throw RateLimited("too_many_guesses");
  const coupon = await findCoupon(db, input.eventId, input.code);
  if (!coupon) {
    await countAttempt(db, [key]);
    throw BadRequest("invalid_coupon");
  }
  await assertCouponLeft(db, coupon, input.now);
  return coupon;
}

export interface StoredAnswer {
  fieldId: number;
  answer: string;
}

/**
 * Spec 1 §5: answers only to this event's questions, each valid for its type, every required question
 * answered ('Please fill out all required fields'). Returns the non-blank answers as stored.
 */
export function checkedAnswers(
  questions: readonly RegistrationQuestion[],
  given: readonly CustomRegistrationFieldAnswer[],
  options: { requireAll: boolean } = { requireAll: true },
): StoredAnswer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const answers: Record<number, string> = {};
  const stored: StoredAnswer[] = [];
  for (const { field_id, answer } of given) {
    const question = byId.get(field_id);
    if (!question) throw BadRequest("unknown_question");
    if (field_id in answers || customAnswerRefusal(question, answer)) throw BadRequest("invalid_answer");
    const text = answer.trim();
    answers[field_id] = text;
    // Spec 1 §3: multi-select answers are stored comma-joined.
    const value = question.type === "multi_select" ? joinMultiSelect(splitMultiSelect(text)) : text;
    if (value !== "") stored.push({ fieldId: field_id, answer: value });
  }
  if (options.requireAll && missingRequiredFields(questions, answers satisfies CustomAnswers).length > 0) {
    throw BadRequest("required_questions");
  }
  return stored;
}
