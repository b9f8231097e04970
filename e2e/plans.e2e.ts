import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { throwawayDatabase } from "../apps/server/src/platform/database/throwaway";
import { ServerProcess } from "../apps/server/src/testing/server-process";
import { PlanNotices } from "./pages/plans";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { CHROMIUM, CHROMIUM_ARGS } from "./support/chromium";
import { eventOfDemoHost } from "./support/dashboard";

// Issue 13 item 6: the demo channel's owner meets the plan banners, the billing tab and the 'No minutes
// left' modal. The operator gives the demo channel its plan with PLANS_FILE, then changes it in the
// database, so this journey runs its own server on a PostgreSQL database of its own (the shared e2e
// server's PGlite is inside it).
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DEMO_SUBSCRIPTION = "organization_id = (SELECT id FROM organizations WHERE channel_name = 'demo')";
const PLAN = "title = 'Studio'";
const DAY = 86_400_000;

async function plansFile(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), "onstage-plans-")), "plans.json");
  const endDate = new Date(Date.now() + 60 * DAY).toISOString();
  const plans = [{ title: "Studio", totalMonthlyHours: 40, sessionMaxRuntimeHours: 12 }];
  await writeFile(file, JSON.stringify({ plans, channels: [{ channel: "demo", plan: "Studio", endDate }] }));
  return file;
}

let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
let server: ServerProcess | undefined;
let browser: Browser | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  database = await throwawayDatabase("postgres", ADMIN_URL);
  server = await ServerProcess.create({ DATABASE_URL: database.url, PLANS_FILE: await plansFile() });
  await server.start();
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  context = await browser.newContext({ baseURL: server.url });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await database?.drop();
});

function sql<Row = unknown>(text: string, params: unknown[] = []): Promise<Row[]> {
  if (!database) throw new Error("no database");
  return database.db.query<Row>(text, params);
}

test("the owner sees the plan banners, dismisses them, refetches, reads the billing tab and is out of minutes", async () => {
  if (!context) throw new Error("no browser");
  const page = await context.newPage();
  // As every journey (support/browser.ts): the pages run under the app's Content-Security-Policy.
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy"))
      cspViolations.push(message.text());
  });
  const plans = new PlanNotices(page);
  await signInBrowser(page.request, DEMO_HOST);
  const { event, sessions } = await eventOfDemoHost(page.request);
  const used = await eventOfDemoHost(page.request);

  // The operator let the demo channel's plan (PLANS_FILE's 'Studio', over the demo data's 'Pro') lapse.
  await sql(
    `UPDATE subscriptions SET start_date = least(start_date, now() - interval '2 days'),
       end_date = now() - interval '1 day' WHERE ${DEMO_SUBSCRIPTION}`,
  );
  await page.goto("/dash");
  const expired = "Your plan has expired";
  await plans.banner(expired).waitFor();
  const billing = plans.billingLink(expired);
  expect(await billing.getAttribute("href")).toBe("/settings?tab=billing");
  expect(await billing.getAttribute("target")).toBe("_blank");
  expect(await axeViolations(page)).toEqual([]);

  // Renewed: 'Updated Plan?' refetches and the banner goes.
  await sql(`UPDATE subscriptions SET end_date = now() + interval '30 days' WHERE ${DEMO_SUBSCRIPTION}`);
  await plans.updatedPlan(expired).click();
  await plans.banner(expired).waitFor({ state: "detached" });

  // An hour's plan, used up by an hour on air this month.
  await sql(`UPDATE plans SET total_monthly_hours = 1 WHERE ${PLAN}`);
  await sql(
    `INSERT INTO video_session_streams (video_session_id, active_state, broadcast_started_at, broadcast_ended_at)
     VALUES ($1, 'ended', greatest(now() - interval '61 minutes', date_trunc('month', now())), now())`,
    [used.sessions[0]?.id],
  );
  await page.reload();
  const maxHours = "Max Monthly Plan Hours Reached";
  await plans.banner(maxHours).getByText("You have reached your plan limit of 1 hrs per month").waitFor();
  await plans.dismiss(maxHours);
  await plans.banner(maxHours).waitFor({ state: "detached" });
  // Dismissed for the tab: a reload reads the plan again and still shows no banner.
  const planRead = page.waitForResponse((res) => res.url().includes("/api/channel/plan"));
  await page.reload();
  await planRead;
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  expect(await plans.banner(maxHours).count()).toBe(0);

  // The billing tab: the plan, this month's hours by day, the limits.
  await plans.openBilling();
  await page.getByRole("heading", { name: "Billing", level: 2 }).waitFor();
  await page.getByRole("heading", { name: "Studio", level: 3 }).waitFor();
  expect(await plans.billingValue("Hours used this month").textContent()).toBe("1 hr of 1 hr");
  expect(await plans.billingValue("Session maximum runtime").textContent()).toBe("12 hrs");
  await plans
    .usageChart()
    .getByText(/broadcast this month/)
    .waitFor();
  await page.locator(".usage-chart .recharts-bar-rectangle").first().waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // Enter greenroom is blocked with 'No minutes left'; the session stays scheduled.
  await page.goto(`/c/${event.eventCode}`);
  await page.getByRole("button", { name: "Enter greenroom", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "No minutes left" });
  await dialog.getByText("You are out of minutes, please contact success to upgrade your plan").waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "OK" }).click();
  const [session] = await sql<{ state: string }>("SELECT state FROM video_sessions WHERE id = $1", [
    sessions[0]?.id,
  ]);
  expect(session?.state).toBe("scheduled");
  expect(cspViolations).toEqual([]);
});

test("the owner is warned before the session's maximum runtime, and told when the server ended the live", async () => {
  if (!context) throw new Error("no browser");
  const page = await context.newPage();
  await signInBrowser(page.request, DEMO_HOST);
  const { event, sessions } = await eventOfDemoHost(page.request);
  // A one-hour maximum, and a live on air for 15 s short of it (started outside the app: no program feed here).
  await sql(`UPDATE plans SET total_monthly_hours = NULL, session_max_runtime_hours = 1 WHERE ${PLAN}`);
  await sql(
    `WITH live AS (
       INSERT INTO video_session_streams (video_session_id, active_state, broadcast_started_at)
       VALUES ($1, 'streaming', now() - interval '59 minutes 45 seconds') RETURNING broadcast_started_at
     )
     UPDATE video_sessions SET state = 'broadcasting', time_broadcast_start = (SELECT broadcast_started_at FROM live)
      WHERE id = $1`,
    [sessions[0]?.id],
  );
  await page.goto(`/c/${event.eventCode}`);
  const approaching = page.getByRole("region", { name: "Session limit approaching" });
  await approaching.getByRole("link", { name: /Update your plan/ }).waitFor();
  expect(await axeViolations(page)).toEqual([]);

  // The server's sweep ends the live at the maximum (reached now: the clock is not waited out); the room
  // hears it over the session topic.
  await sql(
    "UPDATE video_session_streams SET broadcast_started_at = now() - interval '1 hour' WHERE video_session_id = $1",
    [sessions[0]?.id],
  );
  await page.getByRole("region", { name: "Session limit reached" }).waitFor({ timeout: 45_000 });
  const [session] = await sql<{ state: string }>("SELECT state FROM video_sessions WHERE id = $1", [
    sessions[0]?.id,
  ]);
  expect(session?.state).toBe("postevent");
});
