import { type EventPageData, SESSION_STATUS_LABELS, shownTime, spotsLeftLabel } from "@onstage/domain";
import { expect, test } from "vitest";
import { EventPage } from "./pages/EventPage";
import { HomePage } from "./pages/HomePage";
import { NotFoundPage } from "./pages/NotFoundPage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { registerLabel as label } from "./support/labels";

// Journeys over the demo data that `npm start` creates on an empty data directory.
const browser = useBrowser();

test("the home page lists upcoming public events and leaves private ones out", async () => {
  const page = browser.page();
  const home = new HomePage(page);
  await home.open();
  await home.eventLink("Product Launch Webinar").waitFor();
  expect(await home.eventLink("Onstage Summit 2026").isVisible()).toBe(true);
  expect(await home.eventLink("Private Investor Briefing").count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
});

test("cards and the landing page show the viewer's time zone, the event's zone in the tooltip", async () => {
  const page = browser.page();
  // The viewer is in Tokyo; the Product Launch Webinar runs on Berlin time (demo data).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setTimezoneOverride", { timezoneId: "Asia/Tokyo" });
  const zones = { viewer: "Asia/Tokyo", event: "Europe/Berlin" };
  const home = new HomePage(page);
  await home.open();
  const card = home.eventTime("Product Launch Webinar");
  await card.waitFor();
  const onCard = shownTime((await card.getAttribute("datetime")) ?? "", zones);
  expect(await card.textContent()).toBe(onCard.short);
  expect(await card.getAttribute("title")).toBe(onCard.eventZoneTooltip);

  const event = new EventPage(page);
  await event.open("launch-webinar");
  const box = event.dateBoxTime();
  await box.waitFor();
  const onBox = shownTime((await box.getAttribute("datetime")) ?? "", zones);
  expect(await box.textContent()).toBe(`${onBox.time} ${onBox.zone}`);
  expect(await event.dateBox().getAttribute("title")).toBe(onBox.eventZoneTooltip);
  expect(await axeViolations(page)).toEqual([]);
});

test("a visitor sees the landing page of a registration event with every element", async () => {
  const page = browser.page();
  const event = new EventPage(page);
  await event.open("launch-webinar");
  await event.title().filter({ hasText: "Product Launch Webinar" }).waitFor();
  expect(await page.title()).toContain("Product Launch Webinar");
  expect(await event.byChannel("Onstage Demo").isVisible()).toBe(true);
  await event.registerButton(label({ customText: "Reserve my seat" })).waitFor();
  // Other journeys may register people too: the count comes from the API the page itself reads.
  const seats = await page.evaluate(async () => {
    const data = await (await fetch("/api/events/by-code/launch-webinar")).json();
    return data.event.seatLimit - data.registeredCount;
  });
  expect(await event.spotsLeft().textContent()).toBe(spotsLeftLabel(seats));
  expect(await event.countdown().textContent()).toMatch(/days.*hours.*minutes.*seconds/);
  expect(await event.section("Host").isVisible()).toBe(true);
  expect(await event.section("Share").getByRole("link").count()).toBe(3);
  expect(await axeViolations(page)).toEqual([]);

  await event.dateBox().click();
  const dialog = event.calendarDialog();
  await dialog.waitFor();
  const icsHref = await dialog.getByRole("link", { name: /ics/i }).getAttribute("href");
  const ics = await page.request.get(icsHref ?? "");
  expect(await ics.text()).toContain("SUMMARY:Product Launch Webinar");
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
});

test("a private event shows the Unlisted badge and no share links", async () => {
  const page = browser.page();
  const event = new EventPage(page);
  await event.open("investor-briefing");
  await event.badge("Unlisted").waitFor();
  expect(await event.section("Share").count()).toBe(0);
  const robots = await page.locator('meta[name="robots"]').getAttribute("content");
  expect(robots).toBe("noindex, nofollow");
});

test.each([
  { code: "masterclass", want: label({ ticketed: true }) },
  { code: "all-hands", want: label({ passwordProtected: true }) },
  { code: "spring-town-hall", want: label({ allSessionsEnded: true }) },
])("the register button of $code reads '$want'", async ({ code, want }) => {
  const event = new EventPage(browser.page());
  await event.open(code);
  await event.registerButton(want).waitFor();
});

test("an open-access event goes straight to the live room", async () => {
  const page = browser.page();
  await new EventPage(page).open("office-hours");
  await page.getByRole("region", { name: "Stage" }).waitFor();
});

test("previewLandingPage forces the landing page with a banner", async () => {
  const page = browser.page();
  await new EventPage(page).open("office-hours", "?previewLandingPage=true");
  await page.getByRole("link", { name: "Go to event page" }).waitFor();
});

test("an unknown event shows Event not found, and Explore leads home", async () => {
  const page = browser.page();
  await new EventPage(page).open("nope");
  const notFound = new NotFoundPage(page);
  await notFound.heading().waitFor();
  expect(await notFound.explanation().isVisible()).toBe(true);
  expect(await page.getByRole("link", { name: "View my dashboard" }).count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await notFound.exploreButton().click();
  await new HomePage(page).eventLink("Product Launch Webinar").waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
});

test("a shared event link carries the event title without JavaScript", async () => {
  const res = await fetch(`${browser.baseUrl}/c/summit`);
  const html = await res.text();
  expect(html).toContain("<title>Onstage Summit 2026</title>");
  expect(html).toContain('<meta property="og:title" content="Onstage Summit 2026" />');
});

// Issue 23 §3.7: most visitors arrive from a shared link on a phone.
test.each([
  { code: "summit", want: label({}), width: 390, height: 844 },
  { code: "summit", want: label({}), width: 1366, height: 768 },
  { code: "launch-webinar", want: label({ customText: "Reserve my seat" }), width: 390, height: 844 },
  { code: "spring-town-hall", want: label({ allSessionsEnded: true }), width: 390, height: 844 },
])("the register action of $code is on the first screen at $width x $height", async (row) => {
  const page = browser.page();
  await page.setViewportSize({ width: row.width, height: row.height });
  const event = new EventPage(page);
  await event.open(row.code);
  const button = event.registerButton(row.want);
  await button.waitFor();
  const box = await button.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(row.height);
  expect(await axeViolations(page)).toEqual([]);
});

/** The demo summit's sessions, as its event page reads them. */
async function summitSession(title: string) {
  const data = (await (await fetch(`${browser.baseUrl}/api/events/by-code/summit`)).json()) as EventPageData;
  const session = data.sessions.find((s) => s.title === title);
  if (!session) throw new Error(`no session ${title}`);
  return { event: data.event, session };
}

// Issue 23 §3.1: 'Opening keynote' ended without a recording (demo data).
test("an ended session's page says it has ended and thanks, with no countdown and no calendar", async () => {
  const page = browser.page();
  const { event: summit, session } = await summitSession("Opening keynote");
  // A registered guest, who was shown 'Starting now' and 'Add to calendar' for it.
  await signInBrowser(page.request, {
    email: "ended-guest@example.test",
    firstName: "Ended",
    lastName: "Guest",
  });
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const registered = await page.request.post("/api/events/register", {
    headers: { "x-csrf-token": csrfToken },
    data: { event_id: summit.id },
  });
  expect(registered.ok()).toBe(true);
  const event = new EventPage(page);
  await event.open("summit", `/${session.urlHash}`);
  const over = event.sessionOverPanel(SESSION_STATUS_LABELS.over);
  await over.waitFor();
  expect(await over.getByText(SESSION_STATUS_LABELS.thankYou).isVisible()).toBe(true);
  expect(await page.getByText(SESSION_STATUS_LABELS.starting).count()).toBe(0);
  expect(await event.countdown().count()).toBe(0);
  expect(await page.getByRole("button", { name: "Add to calendar" }).count()).toBe(0);
  // The sessions list says the same of it.
  const card = event.sessionCard("Opening keynote");
  expect(await card.getByText(SESSION_STATUS_LABELS.ended, { exact: true }).isVisible()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test("the summit's sessions list shows its ended sessions as ended and the live one as live", async () => {
  const page = browser.page();
  const event = new EventPage(page);
  await event.open("summit");
  for (const title of ["Opening keynote", "Building community"]) {
    const card = event.sessionCard(title);
    await card.waitFor();
    expect(await card.getByText(SESSION_STATUS_LABELS.ended, { exact: true }).isVisible()).toBe(true);
  }
  const live = event.sessionCard("Live production workshop");
  expect(await live.getByText(SESSION_STATUS_LABELS.live, { exact: true }).isVisible()).toBe(true);
});
