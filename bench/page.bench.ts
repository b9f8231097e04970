import type { EventPageData } from "@onstage/domain";
import { chromium } from "playwright-core";
import { viewerFlagsFor } from "../apps/web/src/features/event-page/eventView";
import { pickSession } from "../apps/web/src/features/event-page/pickSession";
import { registerState } from "../apps/web/src/features/landing/registerState";
import { CHROMIUM, CHROMIUM_ARGS } from "../e2e/support/chromium";
import { loadOnce, type PageLoad } from "./page/measure";
import { startBareReact, startOnstage } from "./page/servers";

// Issue 14: the event page on a phone (Fast 3G, 4x CPU slowdown), cold, against a bare React 19 page
// served the same way. The demo's "summit" event; 5 runs each, alternating so load drifts hit both.
const EVENT_CODE = "summit";
const RUNS = 5;
const BARE_BUTTON = "Register (0)";

const onstage = await startOnstage();
const bare = await startBareReact();
const data = (await (
  await fetch(`${onstage.origin}/api/events/by-code/${EVENT_CODE}`)
).json()) as EventPageData;
const session = pickSession(data.sessions, undefined);
// The label the landing shows a visitor, from the same rule the page uses (spec 1 §2).
const registerLabel = registerState(data, session, viewerFlagsFor(data, session)).label;

// A fresh profile per launch (playwright's temporary user-data-dir); a fresh context per run.
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const eventRuns: PageLoad[] = [];
const bareRuns: PageLoad[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    eventRuns.push(await loadOnce(browser, `${onstage.origin}/c/${EVENT_CODE}`, registerLabel));
    bareRuns.push(await loadOnce(browser, `${bare.origin}/`, BARE_BUTTON));
  }
} finally {
  await browser.close();
  await bare.close();
  await onstage.close();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (runs: PageLoad[], pick: (run: PageLoad) => number) => median(runs.map(pick));
const kb = (runs: PageLoad[]) => (median(runs.map((r) => r.jsBytes)) / 1000).toFixed(1);

const eventVisible = ms(eventRuns, (r) => r.buttonVisibleMs);
const bareLcp = ms(bareRuns, (r) => r.lcpMs);
console.log(`event page LCP: ${ms(eventRuns, (r) => r.lcpMs).toFixed(0)} ms`);
console.log(`event page register button visible: ${eventVisible.toFixed(0)} ms`);
console.log(`event page interactive: ${ms(eventRuns, (r) => r.buttonInteractiveMs).toFixed(0)} ms`);
console.log(`bare react LCP: ${bareLcp.toFixed(0)} ms`);
console.log(`event page JS transferred: ${kb(eventRuns)} KB`);
console.log(`bare react JS transferred: ${kb(bareRuns)} KB`);
console.log(`event_page_vs_bare_react: ${(eventVisible / bareLcp).toFixed(2)} ratio`);
