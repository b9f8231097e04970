import { randomBytes } from "node:crypto";
import type { Database, Queryable } from "../../platform/database";
import { insertRow as insert } from "../../platform/database/insert";
import { hashPassword } from "../auth/service";
import { newStreamKey } from "../rtmp-ingest/service";
import {
  DEMO_EVENTS,
  DEMO_HOST,
  DEMO_PEOPLE,
  type DemoEvent,
  type DemoSession,
  type PersonKey,
} from "./content";
import * as q from "./queries";

export { DEMO_HOST } from "./content";

const urlHash = () => randomBytes(6).toString("hex");
const MINUTE = 60_000;

/**
 * Creates the demo channel, people and events when the database has no channel yet, so a second start
 * keeps whatever the first one (or the people using it) made. Returns whether it created anything.
 */
export async function seedDemoData(db: Database, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_HOST.password);
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts of several nodes.
    await q.lockFirstStart(tx);
    if (await q.hasChannel(tx)) return false;

    const people = new Map<PersonKey, number>();
    for (const p of DEMO_PEOPLE) {
      const id = await insert(tx, "users", {
        email: p.email,
        first_name: p.firstName,
        last_name: p.lastName,
        bio: p.bio,
        password_hash: p.key === "host" ? passwordHash : null,
        email_verified_at: now,
        tos_accepted: now,
      });
      await q.insertEmailAccount(tx, p.email, id);
      people.set(p.key, id);
    }
    const person = (key: PersonKey) => people.get(key) ?? 0;

    await insert(tx, "plans", {
      title: "Free trial",
      is_free_trial: true,
      total_monthly_hours: 5,
      live_attendee_limit: 100,
    });
    const pro = await insert(tx, "plans", {
      title: "Pro",
      total_monthly_hours: 100,
      session_max_runtime_hours: 12,
      live_attendee_limit: 5000,
      price_cents: 9900,
    });
    const org = await insert(tx, "organizations", {
      name: "Onstage Demo",
      channel_name: "demo",
      description: "The demo channel that ships with Onstage.",
    });
    await insert(tx, "subscriptions", {
      organization_id: org,
      plan_id: pro,
      start_date: new Date(now.getTime() - 30 * 24 * 60 * MINUTE),
      end_date: new Date(now.getTime() + 335 * 24 * 60 * MINUTE),
    });
    for (const [key, role] of [
      ["host", "owner"],
      ["admin", "admin"],
    ] as const) {
      await q.insertChannelMember(tx, org, person(key), role);
    }
    await q.insertFollowers(tx, org, [person("ada"), person("grace")]);

    for (const event of DEMO_EVENTS) await seedEvent(tx, event, { org, now, person });
    return true;
  });
}

interface SeedContext {
  org: number;
  now: Date;
  person: (key: PersonKey) => number;
}

async function seedEvent(tx: Queryable, event: DemoEvent, ctx: SeedContext): Promise<void> {
  const eventId = await insert(tx, "events", {
    organization_id: ctx.org,
    created_by: ctx.person("host"),
    ...event.fields,
  });
  await insert(tx, "events_users_roles", {
    event_id: eventId,
    user_id: ctx.person("host"),
    event_role: "host",
  });

  const sessionIds: number[] = [];
  for (const session of event.sessions) sessionIds.push(await seedSession(tx, eventId, session, ctx));
  for (const role of event.roles ?? []) {
    await insert(tx, "events_users_roles", {
      event_id: eventId,
      user_id: ctx.person(role.person),
      event_role: role.role,
      video_session_ids: role.role === "speaker" ? sessionIds : [],
    });
  }

  const ticketIds: number[] = [];
  for (const [i, ticket] of (event.tickets ?? []).entries()) {
    ticketIds.push(await insert(tx, "event_tickets", { event_id: eventId, sort_order: i, ...ticket }));
  }
  for (const coupon of event.coupons ?? []) await insert(tx, "coupons", { event_id: eventId, ...coupon });
  for (const [i, field] of (event.questions ?? []).entries()) {
    // jsonb takes the list as JSON text; a bare array would be sent as a PostgreSQL array.
    const answers = JSON.stringify(field.answers ?? []);
    await insert(tx, "custom_registration_fields", { event_id: eventId, order: i, ...field, answers });
  }
  for (const attendee of event.attendees ?? []) {
    const userId = ctx.person(attendee);
    const ticketId = ticketIds[0] ?? null;
    await insert(tx, "event_registrations", { event_id: eventId, user_id: userId, ticket_id: ticketId });
    await insert(tx, "events_users_roles", { event_id: eventId, user_id: userId, event_role: "guest" });
  }
}

async function seedSession(
  tx: Queryable,
  eventId: number,
  s: DemoSession,
  ctx: SeedContext,
): Promise<number> {
  const start = new Date(ctx.now.getTime() + s.startsInMinutes * MINUTE);
  const live = s.state === "broadcasting" || s.state === "postevent" || s.state === "ended";
  const sessionId = await insert(tx, "video_sessions", {
    event_id: eventId,
    url_hash: urlHash(),
    title: s.title,
    description: s.description ?? "",
    time_scheduled: start,
    duration_minutes: s.durationMinutes ?? 60,
    state: s.state,
    session_type: s.sessionType ?? "regular",
    broadcast_type: s.broadcastType ?? "webrtc",
    time_broadcast_start: live ? start : null,
    time_broadcast_end:
      s.state === "postevent" || s.state === "ended" ? new Date(start.getTime() + 45 * MINUTE) : null,
    stream_key: s.broadcastType && s.broadcastType !== "webrtc" ? newStreamKey() : null,
  });
  const publicChat = await insert(tx, "chats", { video_session_id: sessionId, chat_type: "public" });
  await insert(tx, "chats", { video_session_id: sessionId, chat_type: "backstage" });
  for (const [i, message] of (s.chat ?? []).entries()) {
    await insert(tx, "chat_messages", {
      chat_id: publicChat,
      user_id: ctx.person(message.from),
      message: message.text,
      timestamp: new Date(ctx.now.getTime() - (10 - i) * MINUTE),
    });
  }
  return sessionId;
}
