import type { BrowserContext } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { csrfHeaders } from "./support/dashboard";
import { mailFromMailbox } from "./support/mailbox";
import { signUpVerified } from "./support/verified-account";

// Issue 28 §3: a new user follows the demo channel from an event page; its team sees them among the
// followers; the go-live mail reaches them with an unfollow link that works once, without a sign-in.

const browser = useBrowser();

async function newContext(): Promise<BrowserContext> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  return context;
}

test("follow from an event page, listed for the team, a go-live mail, then its one-click unfollow", async () => {
  const host = browser.page();
  const fanContext = await newContext();
  try {
    const fan = await fanContext.newPage();
    const email = `fan-${Date.now()}@example.test`;
    await signUpVerified(fan.request, browser.baseUrl, { email, firstName: "Fay", lastName: "Fan" });
    const summit = (await (await fan.request.get("/api/events/by-code/summit")).json()) as {
      event: { organization: { id: number; name: string } };
    };
    const channel = summit.event.organization;

    // The event page's Host section: Follow, then Following (a toggle button).
    await fan.goto("/c/summit");
    const follow = fan.getByRole("button", { name: `Follow ${channel.name}` });
    await follow.click();
    const following = fan.getByRole("button", { name: `Following ${channel.name}` });
    await following.waitFor();
    expect(await following.getAttribute("aria-pressed")).toBe("true");
    expect(await axeViolations(fan)).toEqual([]);

    // The team: the count beside the button on the channel page, and the list in the channel's settings.
    await signInBrowser(host.request, DEMO_HOST);
    await host.goto(`/dash/channels/${channel.id}`);
    const list = host.getByRole("list", { name: "Followers" });
    await list.getByText("Fay Fan").waitFor();
    expect(await axeViolations(host)).toEqual([]);

    // A go-live of the channel notifies its followers; Fay's mail has the unfollow link.
    const officeHours = (await (await host.request.get("/api/events/by-code/office-hours")).json()) as {
      event: { id: number };
      sessions: { id: number; state: string }[];
    };
    const live = officeHours.sessions.find((s) => s.state === "broadcasting");
    const notified = await host.request.post("/api/notifications/go-live", {
      headers: await csrfHeaders(host.request),
      data: {
        event_id: officeHours.event.id,
        session_id: live?.id,
        org_id: channel.id,
        notify_followers: true,
      },
    });
    expect(notified.ok()).toBe(true);
    const mail = await mailFromMailbox(
      browser.baseUrl,
      email,
      `${channel.name} is live now: Open Office Hours: Office hours`,
    );
    const link = /https?:\/\/\S+\/unfollow\?token=\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no unfollow link in:\n${mail.text}`);

    // Opened in a browser that is not signed in: it unfollows at once; opened again, it says so.
    const reader = await (await newContext()).newPage();
    await reader.goto(new URL(link).pathname + new URL(link).search);
    await reader.getByRole("heading", { name: `You no longer follow ${channel.name}` }).waitFor();
    expect(await axeViolations(reader)).toEqual([]);
    await reader.reload();
    await reader.getByRole("heading", { name: `You do not follow ${channel.name}` }).waitFor();
    await reader.context().close();
    await fan.reload();
    await fan.getByRole("button", { name: `Follow ${channel.name}` }).waitFor();
  } finally {
    await fanContext.close();
  }
});
