// @vitest-environment happy-dom
import type { EventAnalytics, QualityView, SessionAnalytics } from "@onstage/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import { expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../../testing/apiStub";
import { AnalyticsTab } from "./AnalyticsTab";
import {
  changesOf,
  defaultSessionId,
  formatDuration,
  formatSeconds,
  sourceLabel,
  sourcesSummary,
} from "./format";

// Issue 28 §2: the Analytics tab's words and numbers, and the tab drawn from the server's answers.

test.each([
  {
    kind: "utm",
    source: "newsletter",
    medium: "email",
    campaign: "spring",
    want: "newsletter / email / spring",
  },
  { kind: "utm", source: "Newsletter", medium: null, campaign: null, want: "Newsletter" },
  { kind: "clip", source: "Best bit", medium: null, campaign: null, want: "Clip: Best bit" },
  { kind: "direct", source: null, medium: null, campaign: null, want: "Direct" },
] as const)("a $kind source reads '$want'", ({ want, ...source }) => {
  expect(sourceLabel(source)).toBe(want);
});

test.each([
  { pageViews: 0, registrations: 0, want: "No event-page views or registrations yet." },
  { pageViews: 0, registrations: 2, want: "0 event-page views and 2 registrations." },
  { pageViews: 8, registrations: 1, want: "8 event-page views and 1 registration: 12.5% conversion." },
  { pageViews: 3, registrations: 1, want: "3 event-page views and 1 registration: 33.3% conversion." },
])("$pageViews views, $registrations registrations → '$want'", ({ pageViews, registrations, want }) => {
  expect(sourcesSummary(pageViews, registrations)).toBe(want);
});

test.each([
  { ms: null, want: "—" },
  { ms: 650, want: "0.65 s" },
  { ms: 9_000, want: "9 s" },
])("a startup of $ms ms reads '$want'", ({ ms, want }) => {
  expect(formatSeconds(ms)).toBe(want);
});

test.each([
  { ms: 650, want: "1 s" },
  { ms: 125_000, want: "2 min 5 s" },
  { ms: 3_720_000, want: "1 h 2 min" },
])("$ms ms watched reads '$want'", ({ ms, want }) => {
  expect(formatDuration(ms)).toBe(want);
});

const summary = (id: number, attendees: number, views: number) => ({
  id,
  title: `Part ${id}`,
  state: "ended",
  timeScheduled: "2026-11-29T10:00:00.000Z",
  attendees,
  views,
});

test.each([
  {
    case: "the latest session anyone watched",
    sessions: [summary(1, 2, 0), summary(2, 0, 1), summary(3, 0, 0)],
    want: 2,
  },
  { case: "the first when nobody watched", sessions: [summary(1, 0, 0), summary(2, 0, 0)], want: 1 },
  { case: "none without sessions", sessions: [], want: null },
])("the tab opens on $case", ({ sessions, want }) => {
  expect(defaultSessionId(sessions)).toBe(want);
});

test("a per-minute series is read out from each change", () => {
  const series = [0, 0, 1, 1, 2, 0].map((viewers, i) => ({ minute: `10:0${i}`, viewers }));
  expect(changesOf(series, (m) => String(m.viewers)).map((m) => m.minute)).toEqual([
    "10:00",
    "10:02",
    "10:04",
    "10:05",
  ]);
});

// The server's answer for a session broadcast from 10:00 to 10:30 UTC (its analytics.test.ts).
const T0 = Date.parse("2026-11-29T10:00:00Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const minutes = Array.from({ length: 31 }, (_, i) => at(i));
const NO_ACTIONS = {
  chat: 0,
  questions: 0,
  upvotes: 0,
  pollAnswers: 0,
  reactions: 0,
  ctaClicks: 0,
  donations: 0,
};

const EVENT: EventAnalytics = {
  pageViews: 4,
  registrations: 2,
  bySource: [
    {
      kind: "utm",
      source: "newsletter",
      medium: "email",
      campaign: "spring",
      pageViews: 3,
      registrations: 1,
    },
    { kind: "direct", source: null, medium: null, campaign: null, pageViews: 1, registrations: 1 },
  ],
  sessions: [summary(11, 2, 2), { ...summary(12, 0, 0), title: "" }],
};

const view = (fields: Partial<QualityView>): QualityView => ({
  delivery: "hls",
  viewerName: null,
  startedAt: at(3),
  startupMs: 1_000,
  watchMs: 9_000,
  rebufferCount: 0,
  rebufferMs: 0,
  droppedFrames: 0,
  rendition: "1280x720",
  maxUpscale: 1,
  failed: false,
  errorCode: null,
  exitedBeforeStart: false,
  ...fields,
});

const SESSION: SessionAnalytics = {
  sessionId: 11,
  title: "Part 11",
  state: "ended",
  startedAt: at(0),
  endedAt: at(30),
  attendance: {
    attendees: [
      {
        userId: 1,
        name: "Gina Guest",
        email: "gina@example.test",
        firstSeen: at(2),
        lastSeen: at(28),
        minutes: 22,
        visits: 2,
      },
      {
        userId: 2,
        name: "Otto Other",
        email: "otto@example.test",
        firstSeen: at(10),
        lastSeen: at(12),
        minutes: 2.5,
        visits: 1,
      },
    ],
    perMinute: minutes.map((minute, i) => ({
      minute,
      viewers: (i >= 2 && i <= 20 ? 1 : 0) + (i >= 10 && i <= 12 ? 1 : 0),
    })),
  },
  engagement: {
    perMinute: minutes.map((minute, i) => ({
      ...NO_ACTIONS,
      minute,
      ...(i === 5 ? { chat: 2, questions: 1 } : {}),
    })),
    totals: { ...NO_ACTIONS, chat: 2, questions: 1 },
  },
  quality: {
    views: 2,
    uniqueViewers: 2,
    startupP50Ms: 650,
    startupP95Ms: 965,
    rebufferPercent: 5.3,
    failurePercent: 0,
    exitsBeforeStart: 0,
    concurrent: minutes.map((minute, i) => ({
      minute,
      hls: i >= 3 && i <= 6 ? 1 : 0,
      webrtc: i === 10 ? 1 : 0,
    })),
    byDelivery: [
      { key: "hls", views: 1, watchMs: 9_000, rebufferPercent: 10 },
      { key: "webrtc", views: 1, watchMs: 9_000, rebufferPercent: 0 },
    ],
    byRendition: [{ key: "1280x720", views: 1, watchMs: 9_000, rebufferPercent: null }],
    recentViews: [
      view({
        delivery: "webrtc",
        viewerName: "Otto Other",
        startedAt: at(10),
        startupMs: 300,
        rendition: "640x360",
      }),
      view({ rebufferCount: 1, rebufferMs: 1_000 }),
    ],
  },
};

const EMPTY_SESSION: SessionAnalytics = {
  ...SESSION,
  sessionId: 12,
  attendance: { attendees: [], perMinute: [] },
  engagement: { perMinute: [], totals: NO_ACTIONS },
  quality: { ...SESSION.quality, views: 0, uniqueViewers: 0, concurrent: [], recentViews: [] },
};

const rowsOf = (name: string) =>
  within(screen.getByRole("table", { name }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

test("the tab draws the sources, the latest watched session's attendance, engagement and quality, and switches session", async () => {
  const api = stubApi(({ path }) => {
    if (path === "/api/dash/events/7/analytics") return { status: 200, body: EVENT };
    if (path === "/api/dash/sessions/11/analytics") return { status: 200, body: SESSION };
    if (path === "/api/dash/sessions/12/analytics") return { status: 200, body: EMPTY_SESSION };
    return { status: 404 };
  });
  renderWithQueries(<AnalyticsTab event={{ id: 7, timezone: "America/New_York" }} />);

  const sources = await screen.findByRole("figure", {
    name: "4 event-page views and 2 registrations: 50% conversion.",
  });
  expect(within(sources).getByRole("table", { name: "Registrations by source" })).toBeTruthy();
  expect(rowsOf("Registrations by source")).toEqual([
    ["newsletter / email / spring", "3", "1", "33.3%"],
    ["Direct", "1", "1", "100%"],
  ]);
  expect(screen.getByRole("link", { name: "Download sources CSV" }).getAttribute("href")).toBe(
    "/api/dash/events/7/analytics/sources.csv",
  );
  expect(rowsOf("Sessions")).toEqual([
    ["Part 11", "Ended", "2", "2"],
    ["Session 2", "Ended", "0", "0"],
  ]);

  // Times are the event's own zone's: 10:11 UTC is 5:11 AM in New York.
  await screen.findByRole("figure", {
    name: "2 people attended; the peak was 2 live viewers at Nov 29, 2026, 5:10 AM EST.",
  });
  expect(rowsOf("Attendees, longest in the session first")).toEqual([
    ["Gina Guest", "gina@example.test", "Nov 29, 2026, 5:02 AM EST", "Nov 29, 2026, 5:28 AM EST", "22", "2"],
    ["Otto Other", "otto@example.test", "Nov 29, 2026, 5:10 AM EST", "Nov 29, 2026, 5:12 AM EST", "2.5", "1"],
  ]);
  expect(rowsOf("Live viewers per minute, from each change").slice(0, 3)).toEqual([
    ["5:00 AM", "0"],
    ["5:02 AM", "1"],
    ["5:10 AM", "2"],
  ]);
  screen.getByRole("figure", {
    name: "3 actions in the room; the busiest minute was Nov 29, 2026, 5:05 AM EST with 3.",
  });
  expect(
    within(screen.getByRole("list", { name: "Totals" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual([
    "Chat messages 2",
    "Questions 1",
    "Upvotes 0",
    "Poll answers 0",
    "Reactions 0",
    "CTA clicks 0",
    "Donations 0",
  ]);
  expect(screen.getByText("Startup time, median", { selector: "dt" }).nextElementSibling?.textContent).toBe(
    "0.65 s",
  );
  expect(screen.getByText("Rebuffering", { selector: "dt" }).nextElementSibling?.textContent).toBe("5.3%");
  screen.getByRole("figure", {
    name: "At most 1 viewer played at once (1 HLS, 0 WebRTC), at Nov 29, 2026, 5:03 AM EST.",
  });
  expect(rowsOf("By delivery")).toEqual([
    ["HLS", "1", "9 s", "10%"],
    ["WebRTC", "1", "9 s", "0%"],
  ]);
  expect(rowsOf("Recent views, newest first")).toEqual([
    ["Otto Other", "WebRTC", "Nov 29, 2026, 5:10 AM EST", "0.3 s", "9 s", "0", "640x360", "No", "No"],
    ["Visitor", "HLS", "Nov 29, 2026, 5:03 AM EST", "1 s", "9 s", "1 (1 s)", "1280x720", "No", "No"],
  ]);
  expect(screen.getByRole("link", { name: "Download quality CSV" }).getAttribute("href")).toBe(
    "/api/dash/sessions/11/analytics/quality.csv",
  );

  fireEvent.change(screen.getByLabelText("Session"), { target: { value: "12" } });
  await screen.findByText("Nobody was live in this session.");
  expect(screen.getByText("Nobody played the video in this session.")).toBeTruthy();
  expect(api.of("GET", "/api/dash/sessions/12/analytics")).toHaveLength(1);
});
