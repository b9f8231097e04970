import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { AuthLinkPage } from "./pages/AuthLinkPage";
import { joinStage, seesVideoOf } from "./pages/stage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { linkFromMailbox } from "./support/mailbox";
import { signUpVerified } from "./support/verified-account";

// Issue 11 §2: the demo summit's "Speaker soundcheck" session is in the greenroom; its host (Dana) and
// its speaker (Sam, signed in by e-mailed link) join the stage through the device preview and see each
// other over the embedded SFU. A guest gets no stage.
const browser = useBrowser();
const SESSION_TITLE = "Speaker soundcheck";
const SPEAKER = "sam@onstage.test";

async function soundcheck(page: Page): Promise<{ path: string; id: number; eventId: number }> {
  const data = (await (await page.request.get("/api/events/by-code/summit")).json()) as {
    event: { id: number };
    sessions: { id: number; title: string; urlHash: string }[];
  };
  const session = data.sessions.find((s) => s.title === SESSION_TITLE);
  if (!session) throw new Error("no soundcheck session in the demo");
  return { path: `/c/summit/${session.urlHash}`, id: session.id, eventId: data.event.id };
}

async function signInByLink(page: Page, email: string) {
  await page.goto("/c/summit?sign_in=true");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByLabel("Email address").press("Enter");
  await dialog.getByRole("heading", { name: /check your email/i }).waitFor();
  const linkPage = new AuthLinkPage(page);
  await linkPage.open(await linkFromMailbox(browser.baseUrl, email, "Your Onstage sign-in link"));
  await linkPage.continueButton().click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth/link"));
}

test("the host and the speaker join the greenroom stage and see each other; a guest gets no stage", async () => {
  const hostPage = browser.page();
  const context = await hostPage.context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  try {
    const speakerPage = await context.newPage();
    await signInBrowser(hostPage.request, DEMO_HOST);
    await signInByLink(speakerPage, SPEAKER);
    const session = await soundcheck(hostPage);

    await joinStage(hostPage, session.path);
    await joinStage(speakerPage, session.path);
    await seesVideoOf(hostPage, "Sam Speaker");
    await seesVideoOf(speakerPage, "Dana Host");
    await hostPage.locator("figure.stage-tile[data-local]").filter({ hasText: "Dana Host" }).waitFor();

    // Muting shows on the speaker's own tile and on the host's view of it.
    await speakerPage.getByRole("button", { name: "Mute", exact: true }).click();
    await speakerPage.getByRole("button", { name: "Unmute", exact: true }).waitFor();
    await hostPage
      .locator("figure.stage-tile")
      .filter({ hasText: "Sam Speaker" })
      .getByText("Muted")
      .waitFor();
    expect(await axeViolations(hostPage)).toEqual([]);

    // A screen share is a tile of its own (Chromium's fake capture stands in for the screen).
    await hostPage.getByRole("button", { name: "Share screen" }).click();
    await hostPage.getByRole("button", { name: "Stop sharing" }).waitFor();
    await seesVideoOf(speakerPage, "Dana Host's screen");
    await hostPage.getByRole("button", { name: "Stop sharing" }).click();
    await speakerPage
      .locator("figure.stage-tile")
      .filter({ hasText: "Dana Host's screen" })
      .waitFor({ state: "detached" });

    const guestPage = await context
      .browser()
      ?.newContext({ baseURL: browser.baseUrl })
      .then((c) => c.newPage());
    if (!guestPage) throw new Error("no browser");
    await signUpVerified(guestPage.request, browser.baseUrl, {
      email: `stage-guest-${Date.now()}@example.test`,
      firstName: "Gus",
      lastName: "Guest",
    });
    const { csrfToken } = (await (await guestPage.request.get("/api/auth/csrf")).json()) as {
      csrfToken: string;
    };
    const refused = await guestPage.request.post("/api/video-session/join-stage", {
      headers: { "x-csrf-token": csrfToken },
      data: { video_session_id: session.id, event_id: session.eventId },
    });
    expect(refused.status()).toBe(403);
    await guestPage.goto(session.path);
    await guestPage.waitForLoadState("networkidle");
    expect(await guestPage.getByRole("button", { name: "Join stage" }).count()).toBe(0);
    await guestPage.context().close();

    await speakerPage.getByRole("button", { name: "Leave stage" }).click();
    await hostPage
      .locator("figure.stage-tile")
      .filter({ hasText: "Sam Speaker" })
      .waitFor({ state: "detached" });
  } finally {
    await context.close();
  }
}, 90_000);
