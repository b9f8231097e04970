import { randomBytes } from "node:crypto";
import type { Queryable } from "../platform/database";
import { insertRow } from "../platform/database/insert";

// Test data builders: each call makes a new, unique row with sensible defaults that a test overrides.

const unique = () => randomBytes(4).toString("hex");
const HOUR = 3_600_000;

export function given(db: Queryable) {
  return {
    user: (fields: Record<string, unknown> = {}) =>
      insertRow(db, "users", {
        email: `user-${unique()}@example.test`,
        first_name: "Test",
        last_name: "User",
        ...fields,
      }),

    plan: (fields: Record<string, unknown> = {}) =>
      insertRow(db, "plans", { title: `Plan ${unique()}`, ...fields }),

    async channel(
      fields: Record<string, unknown> = {},
      subscription: { trial?: boolean; endsInHours?: number } = {},
    ) {
      const id = await insertRow(db, "organizations", {
        name: "Test channel",
        channel_name: `ch-${unique()}`,
        ...fields,
      });
      const planId = await insertRow(db, "plans", {
        title: `Plan ${unique()}`,
        is_free_trial: subscription.trial ?? false,
      });
      await insertRow(db, "subscriptions", {
        organization_id: id,
        plan_id: planId,
        start_date: new Date(Date.now() - 24 * HOUR),
        end_date:
          subscription.endsInHours === undefined
            ? null
            : new Date(Date.now() + subscription.endsInHours * HOUR),
      });
      return id;
    },

    member: (organizationId: number, userId: number, role: "owner" | "admin" | "member") =>
      db.query("INSERT INTO organization_members (organization_id, user_id, role) VALUES ($1, $2, $3)", [
        organizationId,
        userId,
        role,
      ]),

    event: (organizationId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "events", {
        organization_id: organizationId,
        event_code: `ev-${unique()}`,
        title: "Test event",
        ...fields,
      }),

    session: (eventId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "video_sessions", {
        event_id: eventId,
        url_hash: unique(),
        time_scheduled: new Date(Date.now() + 24 * HOUR),
        ...fields,
      }),

    role: (eventId: number, userId: number, eventRole: string) =>
      insertRow(db, "events_users_roles", { event_id: eventId, user_id: userId, event_role: eventRole }),

    /** A speaker of the event, on the stage of `sessionIds` (spec 2 §6). */
    speaker: (eventId: number, userId: number, sessionIds: number[]) =>
      insertRow(db, "events_users_roles", {
        event_id: eventId,
        user_id: userId,
        event_role: "speaker",
        video_session_ids: sessionIds,
      }),

    registration: (eventId: number, userId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "event_registrations", { event_id: eventId, user_id: userId, ...fields }),

    ticket: (eventId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "event_tickets", {
        event_id: eventId,
        title: "General admission",
        price_type: "fixed",
        price_cents: 1000,
        ...fields,
      }),

    coupon: (eventId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "coupons", {
        event_id: eventId,
        name: `CODE${unique()}`,
        coupon_type: "percent",
        value: 10,
        ...fields,
      }),

    question: (eventId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "custom_registration_fields", {
        event_id: eventId,
        type: "text",
        question: "Why are you coming?",
        ...fields,
        // jsonb list: sent as JSON text (insertRow passes arrays on as SQL arrays).
        answers: JSON.stringify(fields.answers ?? []),
      }),

    paidTicket: (eventId: number, userId: number, ticketId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "transactions", {
        kind: "ticket",
        provider: "test",
        status: "paid",
        user_id: userId,
        event_id: eventId,
        ticket_id: ticketId,
        amount_cents: 1000,
        currency: "USD",
        checkout_session_id: `test_cs_${unique()}`,
        client_reference_id: `ref-${unique()}`,
        ...fields,
      }),

    ban: (userId: number, organizationId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "bans", {
        user_id: userId,
        organization_id: organizationId,
        ban_type: "organization",
        ...fields,
      }),

    chat: (sessionId: number, chatType: "public" | "backstage" = "public") =>
      insertRow(db, "chats", { video_session_id: sessionId, chat_type: chatType }),

    chatMessage: (chatId: number, userId: number, fields: Record<string, unknown> = {}) =>
      insertRow(db, "chat_messages", { chat_id: chatId, user_id: userId, message: "Hello", ...fields }),

    /** A user's presence row in a session (video_session_users); it has no id column. */
    presence: (sessionId: number, userId: number, fields: Record<string, unknown> = {}) => {
      const row: Record<string, unknown> = { video_session_id: sessionId, user_id: userId, ...fields };
      const keys = Object.keys(row);
      return db.query(
        `INSERT INTO video_session_users (${keys.map((k) => `"${k}"`).join(", ")})
         VALUES (${keys.map((_, i) => `$${i + 1}`).join(", ")})`,
        keys.map((k) => row[k]),
      );
    },
  };
}

export type Given = ReturnType<typeof given>;
