import { expect, inject, test } from "vitest";
import { EventPage } from "./pages/EventPage";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";

// LiveKit Egress opens the recorder view with url, token and layout in the query (issue 13 §5). No
// LiveKit runs here, so its token is refused by the sign-in and the room cannot be reached: the page
// still draws the program (the brand slate) and never tells Egress to record a picture it does not have.

const browser = useBrowser();

test("the recorder view opened by Egress draws the program and waits for the room to say START_RECORDING", async () => {
  const page = browser.page();
  const lines: string[] = [];
  page.on("console", (message) => lines.push(message.text()));
  await page.setViewportSize({ width: 1280, height: 720 });
  // A LiveKit address the page's CSP allows (this instance has none): nothing answers LiveKit there.
  const livekitUrl = inject("baseUrl").replace(/^http/, "ws");
  const query = `?recorder-view&layout=program&url=${encodeURIComponent(livekitUrl)}&token=not-an-egress-token`;
  const signIn = page.waitForResponse((res) => res.url().endsWith("/api/livekit/recorder-sign-in"));
  await new EventPage(page).open("office-hours", query);
  // This instance has no LiveKit: the route does not exist, the page goes on as a visitor.
  expect((await signIn).status()).toBe(404);
  await page.getByRole("img", { name: "Program" }).waitFor();
  await page.waitForFunction(() => document.querySelector("canvas") !== null);
  expect(lines.some((line) => line.includes("egress template:"))).toBe(true);
  expect(lines).not.toContain("START_RECORDING");
  expect(await axeViolations(page)).toEqual([]);
});
