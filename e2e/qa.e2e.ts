import { errorMessage } from "@onstage/domain";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { QuestionsPanel } from "./pages/questions";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { csrfHeaders, eventOfDemoHost } from "./support/dashboard";

// Issue 12 §3: the Q&A's pop-out window and the replay link of an answered question. Asking, upvoting,
// answering while broadcasting and reopening, with several people, are in journey.e2e.ts.
const browser = useBrowser();

test("the Q&A pops out into a window that follows the session; afterwards an answered question links to its replay", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const { event, sessions } = await eventOfDemoHost(host.request);
  const session = sessions[0];
  if (!session) throw new Error("no session");
  const headers = await csrfHeaders(host.request);
  const move = async (states: string[]) => {
    for (const state of states) {
      const moved = await host.request.post("/api/video-session/update-video-session", {
        headers,
        data: {
          video_session_id: session.id,
          event_id: event.id,
          video_session_state: state,
          is_recording: false,
        },
      });
      if (!moved.ok()) throw new Error(`session not moved: ${moved.status()} ${await moved.text()}`);
    }
  };
  // Live without a program feed: the session is moved by the API, as the host controls' tests do.
  await move(["greenroom", "broadcasting"]);
  const hostQa = new QuestionsPanel(host);
  await host.goto(`/c/${event.eventCode}`);
  await hostQa.open();
  const text = `What is on the agenda? ${Date.now()}`;
  await hostQa.ask(text);
  await hostQa.question(text).waitFor();

  // Spec 2 §1: the Q&A pops out into its own window, which follows the session live.
  const [popup] = await Promise.all([
    host.waitForEvent("popup"),
    hostQa.panel().getByRole("button", { name: "Pop out Q&A" }).click(),
  ]);
  const popoutQa = new QuestionsPanel(popup);
  await popoutQa.question(text).waitFor();
  await popoutQa.button(text, "Answer").click();
  await hostQa.emptyState("No open questions").waitFor();
  await popup.close();

  // Spec 2 §4: after the session ended, an answered question is viewed at its timestamp minus 2 s.
  await move(["postevent", "ended"]);
  await host.reload();
  await hostQa.open();
  await hostQa.subTab("Answered").click();
  const replay = hostQa.question(text).getByRole("link", { name: /^View at \d+:\d\d$/ });
  expect(await replay.getAttribute("href")).toMatch(
    new RegExp(`^/c/${event.eventCode}/${session.urlHash}\\?clip_start_time=\\d+$`),
  );
});

test("an unverified user sees the questions but the 'Ask a question' input is disabled with the verify prompt", async () => {
  const page = browser.page();
  // Signed up, e-mail not verified yet.
  await signInBrowser(page.request, {
    email: `qa-u-${Date.now()}@example.test`,
    firstName: "Una",
    lastName: "Unverified",
  });
  const qa = new QuestionsPanel(page);
  await page.goto("/c/office-hours");
  await qa.open();
  expect(await qa.panel().getByRole("textbox", { name: "Ask a question" }).isDisabled()).toBe(true);
  await qa
    .panel()
    .getByRole("link", { name: errorMessage("email_not_verified") })
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);
});
