import type { RegisterInput, Registration } from "@onstage/domain";
import type { Queryable } from "../../platform/database";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { scheduleRegistrationMails } from "../registration-mails/service";
import { emitWebhookEvent } from "../webhooks/service";
import { oneAtATime } from "./event-queue";
import { assertOpenForRegistration } from "./gates";
import { checkPersonGates, mayComeOnStage } from "./person-gates";
import { namedPaidTransaction, type PricedRegistration, priceRegistration } from "./pricing/pricing";
import {
  findEvent,
  findRegistration,
  insertAnswers,
  insertRegistration,
  isClipOfEvent,
  type NewRegistration,
} from "./queries";
import { assertSeatLeft, lockSeats } from "./seats/seats";

/** `realtime` publishes the registered count on the event's topic. */
export type RegistrationDeps = Pick<FeatureDeps, "db" | "tracker" | "clock" | "realtime">;

export interface RegisterResult {
  registration: Registration;
  /** False when the user was already registered: a repeat returns the first registration. */
  created: boolean;
}

const blankToNull = (text: string | undefined) => (text === undefined || text === "" ? null : text);

export async function register(
  deps: RegistrationDeps,
  userId: number,
  request: RegisterInput,
  options: { transactionId?: number } = {},
): Promise<RegisterResult> {
  const { db } = deps;
  const event = await findEvent(db, request.event_id);
  assertOpenForRegistration(event);
  const existing = await findRegistration(db, event.id, userId);
  if (existing) return { registration: existing, created: false };

  const transaction = await namedPaidTransaction(db, {
    userId,
    eventId: event.id,
    transactionId: options.transactionId,
    checkoutSessionId: request.stripe_checkout_session_id,
  });
  const { person, answers } = await checkPersonGates(db, {
    event,
    userId,
    request,
    paid: transaction !== null,
  });
  const now = deps.clock().getTime();
  const priced = await priceRegistration(db, { event, userId, request, transaction, now });
  // A clip link that went stale must not block the visit it brought; it is only attribution.
  const clipId =
    request.clip_id !== undefined && (await isClipOfEvent(db, request.clip_id, event.id))
      ? request.clip_id
      : null;
  const row: NewRegistration = {
    eventId: event.id,
    userId,
    ticketId: priced.ticketId,
    couponId: priced.couponId,
    transactionId: priced.transaction?.id ?? null,
    checkoutSessionId: priced.transaction?.checkoutSessionId ?? null,
    amountPaidCents: priced.amountPaidCents,
    clipId,
    utm: {
      utm_source: blankToNull(request.utm_source),
      utm_medium: blankToNull(request.utm_medium),
      utm_campaign: blankToNull(request.utm_campaign),
      utm_term: blankToNull(request.utm_term),
      utm_content: blankToNull(request.utm_content),
    },
  };
  return takeSeat(deps, {
    row,
    answers,
    priced,
    bypassesSeatLimit: mayComeOnStage(person, userId),
    now,
    timeZone: request.time_zone,
  });
}

/**
 * One transaction per registration, serialised per event by the event row lock: the seat count and
 * the coupon's redemptions it reads stay true until it commits, so neither can be oversold, and a
 * second request of the same user finds the first registration instead of adding a row.
 */
async function takeSeat(
  deps: RegistrationDeps,
  input: {
    row: NewRegistration;
    answers: { fieldId: number; answer: string }[];
    priced: PricedRegistration;
    bypassesSeatLimit: boolean;
    now: number;
    timeZone: string | undefined;
  },
): Promise<RegisterResult> {
  const { row } = input;
  return oneAtATime(deps.db, row.eventId, () =>
    withOutbox(deps.db, deps.realtime, async (tx, outbox) => {
      const seats = await lockSeats(tx, row.eventId, row.userId);
      if (seats.isRegistered) return alreadyRegistered(tx, row);
      await assertSeatLeft(tx, seats, {
        eventId: row.eventId,
        userId: row.userId,
        coupon: input.priced.freeCoupon,
        bypassesSeatLimit: input.bypassesSeatLimit,
        now: input.now,
      });
      const registration = await insertRegistration(tx, row);
      // Only a writer that skipped the event lock can have beaten us here; its row is the registration.
      if (!registration) return alreadyRegistered(tx, row);
      await insertAnswers(tx, registration.id, input.answers);
      // Issue 10 §2.3: queued with the registration, so a rolled-back registration sends nothing.
      await scheduleRegistrationMails(tx, {
        registrationId: registration.id,
        eventId: row.eventId,
        userId: row.userId,
        isPaid: row.transactionId !== null,
        timeZone: input.timeZone,
        now: input.now,
      });
      const fields = {
        userId: row.userId,
        eventId: row.eventId,
        properties: {
          registrationId: registration.id,
          ticketId: row.ticketId,
          couponId: row.couponId,
          amountPaidCents: row.amountPaidCents,
          clipId: row.clipId,
          ...row.utm,
        },
      };
      // Spec 1 §7: 'event-registration' with high priority after registration, and 'event-register'.
      await deps.tracker.track("event-registration", { ...fields, priority: "high" }, tx);
      await deps.tracker.track("event-register", fields, tx);
      await emitWebhookEvent(tx, {
        source: { eventId: row.eventId },
        type: "registration.created",
        eventKey: String(registration.id),
        data: { ...fields.properties, eventId: row.eventId, userId: row.userId },
        now: new Date(input.now),
      });
      // Issue 6: the room's registered count follows on event:{eventId} (exact under the event lock).
      await outbox.write(
        { kind: "event", id: row.eventId },
        {
          kind: "broadcast",
          event: "registration.created",
          payload: { registeredCount: seats.registeredCount + 1 },
        },
      );
      return { registration, created: true };
    }),
  );
}

async function alreadyRegistered(tx: Queryable, row: NewRegistration): Promise<RegisterResult> {
  const registration = await findRegistration(tx, row.eventId, row.userId);
  if (!registration) throw new Error("registration missing under the event lock");
  return { registration, created: false };
}
