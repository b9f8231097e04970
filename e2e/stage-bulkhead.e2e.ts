import type { Browser, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { joinStage, seesVideoOf } from "./pages/stage";
import { signInBrowser } from "./support/api";
import { useBrowser } from "./support/browser";
import { eventOfDemoHost } from "./support/dashboard";
import { post } from "./support/live-room";
import { signUpVerified } from "./support/verified-account";

// Issue 23 §1.1 (Must show): ending one session while two people are on its stage crashed the SFU's
// thread and threw everyone off every other stage of the node. Now the first session's End touches no
// other session: the admin on the second session's stage keeps the host's video throughout, and the
// server logs nothing at error level (the suite's setup fails the test otherwise).
const browser = useBrowser();

async function person(host: Page, first: string, last: string): Promise<{ page: Page; id: number }> {
  const context = await (host.context().browser() as Browser).newContext({ baseURL: browser.baseUrl });
  const page = await context.newPage();
  await signUpVerified(page.request, browser.baseUrl, {
    email: `bulkhead-${first.toLowerCase()}-${Date.now()}@example.test`,
    firstName: first,
    lastName: last,
  });
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: number } };
  return { page, id: me.user.id };
}

test("the host ends one session with two on its stage; the other session's stage keeps its video", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const created = await eventOfDemoHost(host.request, { multiSession: true, firstSessionTitle: "Keynote" });
  const { id: eventId, eventCode } = created.event;
  await post(host.request, `/api/dash/events/${eventId}/sessions`, {
    title: "Breakout",
    timeScheduled: "2031-01-02T10:00:00.000Z",
    durationMinutes: 60,
  });
  const { sessions } = (await (await host.request.get(`/api/events/by-code/${eventCode}`)).json()) as {
    sessions: { id: number; title: string; urlHash: string }[];
  };
  const [keynote, breakout] = ["Keynote", "Breakout"].map((title) => {
    const session = sessions.find((s) => s.title === title);
    if (!session) throw new Error(`no ${title} session`);
    return session;
  }) as [(typeof sessions)[0], (typeof sessions)[0]];
  const move = (sessionId: number, state: string) =>
    post(host.request, "/api/video-session/update-video-session", {
      video_session_id: sessionId,
      event_id: eventId,
      video_session_state: state,
      is_recording: false,
    });
  for (const session of [keynote, breakout]) await move(session.id, "greenroom");

  const speaker = await person(host, "Sid", "Speaker");
  const admin = await person(host, "Ada", "Admin");
  try {
    const role = (userId: number, eventRole: string) =>
      post(host.request, "/api/event/update-role", {
        user_id: userId,
        event_id: eventId,
        event_role_fkey: eventRole,
        video_session_id: keynote.id,
      });
    await role(speaker.id, "speaker");
    await role(admin.id, "admin");

    // The keynote's stage: the host and the speaker. The breakout's: the admin and the host (a second tab).
    await joinStage(host, `/c/${eventCode}/${keynote.urlHash}`);
    await joinStage(speaker.page, `/c/${eventCode}/${keynote.urlHash}`);
    const hostInBreakout = await host.context().newPage();
    await joinStage(hostInBreakout, `/c/${eventCode}/${breakout.urlHash}`);
    await joinStage(admin.page, `/c/${eventCode}/${breakout.urlHash}`);
    await seesVideoOf(host, "Sid Speaker");
    await seesVideoOf(admin.page, "Dana Host");

    // Live, then End (spec 2 §4: broadcasting -> postevent), as the host's End button does.
    await move(keynote.id, "broadcasting");
    await seesVideoOf(host, "Sid Speaker");
    await move(keynote.id, "postevent");
    // The keynote's stage closes for its two; the breakout's goes on with its video, never interrupted.
    await speaker.page.getByRole("toolbar", { name: "Stage controls" }).waitFor({ state: "detached" });
    const adminsVideo = admin.page
      .locator("figure.stage-tile:not([data-local])")
      .filter({ hasText: "Dana Host" })
      .locator("video");
    for (let i = 0; i < 10; i++) {
      expect(await adminsVideo.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
      await admin.page.waitForTimeout(300);
    }
    expect(await admin.page.getByText("You are no longer on stage.").count()).toBe(0);
    // The page keeps an empty live region for alerts; none may say anything.
    expect(await admin.page.getByRole("alert").filter({ hasText: /\S/ }).allTextContents()).toEqual([]);
    await seesVideoOf(admin.page, "Dana Host");
  } finally {
    await Promise.all([speaker.page.context().close(), admin.page.context().close()]);
  }
}, 120_000);
