import { errorMessage } from "@onstage/domain";
import type { APIRequestContext } from "playwright-core";
import { expect, test } from "vitest";
import { NotFoundPage } from "./pages/NotFoundPage";
import { signInBrowser } from "./support/api";
import { useBrowser } from "./support/browser";

// Spec 1 §4: a deleted event sends visitors to /dash with a toast; an archived one after 6 s.
const browser = useBrowser();

/** As the demo host, through the dashboard API: a fresh event of the demo channel, then `action` on it. */
async function hostedEventThen(action: "archive" | "delete"): Promise<string> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no host context");
  const request: APIRequestContext = context.request;
  await signInBrowser(request, { email: "host@onstage.test", password: "onstage-demo" });
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const headers = { "x-csrf-token": csrfToken };
  const dash = (await (await request.get("/api/dash")).json()) as { channels: { channel: { id: number } }[] };
  const channelId = dash.channels[0]?.channel.id;
  const created = await request.post(`/api/channels/${channelId}/events`, {
    headers,
    data: {
      title: `Soon ${action}d`,
      timezone: "UTC",
      firstSession: { timeScheduled: "2031-01-01T10:00:00.000Z", durationMinutes: 60 },
    },
  });
  const { event } = (await created.json()) as { event: { id: number; eventCode: string } };
  const done =
    action === "archive"
      ? await request.post(`/api/dash/events/${event.id}/archive`, { headers, data: {} })
      : await request.delete(`/api/dash/events/${event.id}`, { headers });
  expect(done.ok()).toBe(true);
  await context.close();
  return event.eventCode;
}

test("a deleted event says so and sends the visitor to the dashboard", async () => {
  const page = browser.page();
  const code = await hostedEventThen("delete");
  await page.goto(`/c/${code}`);
  await page.getByText(errorMessage("event_deleted")).waitFor();
  await page.waitForURL((url) => url.pathname === "/dash");
});

test("an archived event says so to an outsider and leaves for the dashboard after 6 s", async () => {
  const page = browser.page();
  const code = await hostedEventThen("archive");
  await page.goto(`/c/${code}`);
  await page.getByText(errorMessage("event_archived")).waitFor();
  await new NotFoundPage(page).heading().waitFor();
  const shownAt = Date.now();
  await page.waitForURL((url) => url.pathname === "/dash", { timeout: 15_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);
});
