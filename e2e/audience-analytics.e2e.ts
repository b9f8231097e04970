import { readFile } from "node:fs/promises";
import { type APIRequestContext, request } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { insertRow } from "../apps/server/src/platform/database/insert";
import { throwawayDatabase } from "../apps/server/src/platform/database/throwaway";
import type { Database } from "../apps/server/src/platform/database/types";
import { given } from "../apps/server/src/testing/given";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { AnalyticsTab } from "./pages/AnalyticsTab";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { csrfHeaders, eventOfDemoHost } from "./support/dashboard";

// Issue 28 §1, §2: the channel owner reads an event's audience in the editor's Analytics tab: where
// registrations came from, who was live in an ended session and when, what they did, how the video
// played; a chart's CSV downloads, and the session picker switches. The session was broadcast before
// the test (attendance spans, chat, playback views written as the server leaves them), so this journey
// runs a server of its own on a PostgreSQL database it can write to, as plans.e2e.ts does.
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const T0 = Date.parse("2026-01-15T10:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

let database: { db: Database; drop: () => Promise<void>; url?: string } | undefined;
let server: ServerProcess | undefined;
beforeAll(async () => {
  database = await throwawayDatabase("postgres", ADMIN_URL);
  server = await ServerProcess.create({ DATABASE_URL: database.url });
  await server.start();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});
const browser = useBrowser(() => {
  if (!server) throw new Error("no server");
  return server.url;
});

function db(): Database {
  if (!database) throw new Error("no database");
  return database.db;
}

/** A new account, signed in on a cookie jar of its own: a visitor's browser. */
async function visitor(firstName: string) {
  const context = await request.newContext({ baseURL: browser.baseUrl });
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.test`;
  await signInBrowser(context, { email, firstName, lastName: "Viewer" });
  const [user] = await db().query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
  if (!user) throw new Error(`no user ${email}`);
  return { context, email, id: user.id };
}

async function post(context: APIRequestContext, path: string, data: object) {
  const res = await context.post(path, { headers: await csrfHeaders(context), data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

/** Day one's broadcast, 10:00 to 10:30: two attendees, three chat messages, an HLS and a WebRTC view. */
async function broadcast(sessionId: number, gina: number, otto: number) {
  await db().query(
    `UPDATE video_sessions SET state = 'ended', time_scheduled = $2, time_broadcast_start = $2,
            time_broadcast_end = $3 WHERE id = $1`,
    [sessionId, at(0), at(30)],
  );
  // Gina is live 10:02 to 10:20 and again 10:25 to 10:28, Otto 10:10 to 10:12.
  for (const [userId, from, to] of [
    [gina, 2, 20],
    [gina, 25, 28],
    [otto, 10, 12],
  ] as const) {
    await insertRow(db(), "attendance_spans", {
      video_session_id: sessionId,
      user_id: userId,
      started_at: at(from),
      last_seen_at: at(to),
    });
  }
  const [chat] = await db().query<{ id: number }>(
    "SELECT id FROM chats WHERE video_session_id = $1 AND chat_type = 'public'",
    [sessionId],
  );
  if (!chat) throw new Error("no public chat");
  const g = given(db());
  await g.chatMessage(chat.id, gina, { created_at: at(5) });
  await g.chatMessage(chat.id, otto, { created_at: at(5) });
  await g.chatMessage(chat.id, gina, { created_at: at(11) });
  const view = (key: string, fields: Record<string, unknown>) =>
    insertRow(db(), "playback_views", {
      view_key: `${key}-${sessionId}`,
      viewer_key: `viewer-${key}-${sessionId}`,
      view_session_key: `visit-${key}-${sessionId}`,
      video_session_id: sessionId,
      ended: true,
      ...fields,
    });
  await view("hls", {
    user_id: gina,
    delivery: "hls",
    started_at: at(3),
    last_seen_at: at(6),
    startup_ms: 1_000,
    watch_ms: 174_000,
    rebuffer_count: 1,
    rebuffer_ms: 6_000,
    rendition_ms: { "1280x720": 174_000 },
  });
  await view("rtc", {
    delivery: "webrtc",
    started_at: at(10),
    last_seen_at: at(12),
    startup_ms: 300,
    watch_ms: 120_000,
    rendition_ms: { "640x360": 120_000 },
  });
}

test("the owner reads where registrations came from, a session's attendance, engagement and playback quality, downloads a CSV and switches session", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const { event, sessions } = await eventOfDemoHost(host.request, {
    multiSession: true,
    firstSessionTitle: "Day one",
  });
  const dayOne = sessions[0]?.id;
  if (dayOne === undefined) throw new Error("no session");
  await post(host.request, `/api/dash/events/${event.id}/sessions`, {
    title: "Day two",
    timeScheduled: "2031-01-02T10:00:00.000Z",
    durationMinutes: 60,
  });

  // Gina came from the spring newsletter (she opened it twice); Otto straight to the page.
  const gina = await visitor("Gina");
  const otto = await visitor("Otto");
  try {
    const utm = { utm_source: "Newsletter", utm_medium: "email", utm_campaign: "spring" };
    await post(gina.context, `/api/events/${event.id}/page-views`, utm);
    await post(gina.context, `/api/events/${event.id}/page-views`, utm);
    await post(gina.context, "/api/events/register", { event_id: event.id, ...utm });
    await post(otto.context, `/api/events/${event.id}/page-views`, {});
    await post(otto.context, "/api/events/register", { event_id: event.id });
    await broadcast(dayOne, gina.id, otto.id);
  } finally {
    await gina.context.dispose();
    await otto.context.dispose();
  }

  const tab = new AnalyticsTab(host);
  await tab.open(event.id);
  await tab.sourcesTable().waitFor();
  expect(await tab.summary("Where registrations came from").textContent()).toBe(
    "3 event-page views and 2 registrations: 66.7% conversion.",
  );
  expect(await tab.rows(tab.sourcesTable())).toEqual([
    ["Newsletter / email / spring", "2", "1", "50%"],
    ["Direct", "1", "1", "100%"],
  ]);

  // The session anyone watched is shown first; each session's audience at a glance.
  expect(await tab.sessionPicker().inputValue()).toBe(String(dayOne));
  expect(await tab.rows(tab.sessionsTable())).toEqual([
    ["Day one", "Ended", "2", "2"],
    ["Day two", "Scheduled", "0", "0"],
  ]);

  // Times in the event's own zone (UTC here).
  await tab.attendeesTable().waitFor();
  expect(await tab.summary("Attendance").textContent()).toBe(
    "2 people attended; the peak was 2 live viewers at Jan 15, 2026, 10:10 AM UTC.",
  );
  expect(await tab.rows(tab.attendeesTable())).toEqual([
    ["Gina Viewer", gina.email, "Jan 15, 2026, 10:02 AM UTC", "Jan 15, 2026, 10:28 AM UTC", "22", "2"],
    ["Otto Viewer", otto.email, "Jan 15, 2026, 10:10 AM UTC", "Jan 15, 2026, 10:12 AM UTC", "2.5", "1"],
  ]);

  expect(await tab.summary("Engagement").textContent()).toBe(
    "3 actions in the room; the busiest minute was Jan 15, 2026, 10:05 AM UTC with 2.",
  );
  expect(await tab.engagementTotals().getByRole("listitem").first().textContent()).toBe("Chat messages 3");

  expect(await tab.qualityFigure("Views").textContent()).toBe("2");
  expect(await tab.qualityFigure("Startup time, median").textContent()).toBe("0.65 s");
  expect(await tab.qualityFigure("Rebuffering").textContent()).toBe("2%");
  expect(await tab.summary("Playback quality").textContent()).toBe(
    "At most 1 viewer played at once (1 HLS, 0 WebRTC), at Jan 15, 2026, 10:03 AM UTC.",
  );
  expect(await tab.rows(tab.byDeliveryTable())).toEqual([
    ["HLS", "1", "2 min 54 s", "3.3%"],
    ["WebRTC", "1", "2 min", "0%"],
  ]);
  expect(await tab.rows(tab.qualityViewsTable())).toEqual([
    ["Visitor", "WebRTC", "Jan 15, 2026, 10:10 AM UTC", "0.3 s", "2 min", "0", "640x360", "No", "No"],
    [
      "Gina Viewer",
      "HLS",
      "Jan 15, 2026, 10:03 AM UTC",
      "1 s",
      "2 min 54 s",
      "1 (6 s)",
      "1280x720",
      "No",
      "No",
    ],
  ]);
  await host.locator(".recharts-surface").first().waitFor();
  expect(await axeViolations(host)).toEqual([]);

  // The numbers behind the attendance chart, as a file.
  const download = host.waitForEvent("download");
  await tab.csvLink("attendance").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`attendance-${event.eventCode}-${dayOne}.csv`);
  const csv = (await readFile(await file.path(), "utf8")).trim().split("\n");
  expect(csv[0]).toBe("Name,Email,First seen,Last seen,Minutes live,Visits");
  expect(csv[1]).toContain(`Gina Viewer,${gina.email},`);

  await tab.chooseSession("Day two");
  await tab.emptyState("Attendance", "Nobody was live in this session.").waitFor();
  await tab.emptyState("Playback quality", "Nobody played the video in this session.").waitFor();
  expect(await tab.csvLink("quality").getAttribute("href")).toMatch(/\/analytics\/quality\.csv$/);
});
