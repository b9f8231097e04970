// @vitest-environment happy-dom
import type { OfferShow, StudioResponse } from "@onstage/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { expect, test } from "vitest";
import { renderWithQueries, stubApi } from "../../testing/apiStub";
import { ProgramClockProvider, useReportProgramDate } from "../player/ProgramClock";
import { OfferOnAir } from "./OfferOnAir";

// Issue 25 §3: the replay shows each CTA while its picture is inside the CTA's time on air.

const at = (s: number) => Date.UTC(2030, 0, 1, 12, 0, s);
const iso = (s: number) => new Date(at(s)).toISOString();
const SHOWS: OfferShow[] = [
  {
    elementId: 7,
    type: "offer",
    label: "Get the deck",
    value: "https://onstage.test/deck",
    currency: null,
    shownAt: iso(10),
    hiddenAt: iso(20),
  },
  {
    elementId: 8,
    type: "offer",
    label: "Join the beta",
    value: "https://onstage.test/beta",
    currency: null,
    shownAt: iso(30),
    hiddenAt: iso(40),
  },
  {
    elementId: 9,
    type: "contribution",
    label: "Tip the band",
    value: "",
    currency: "EUR",
    shownAt: iso(40),
    hiddenAt: null,
  },
];
const STUDIO: StudioResponse = {
  sessionId: 1,
  themeId: null,
  elements: [],
  overlay: { shown: null, lastUpdated: null },
  offer: { shown: null, shownAt: null },
  slides: null,
  video: null,
  offerClicks: [],
  contributions: null,
};

/** The replay's player, at the program date `seconds`. */
function PlayerAt({ seconds }: { seconds: number }) {
  const report = useReportProgramDate();
  useEffect(() => report({ programDateMs: at(seconds), hasEnded: false }), [report, seconds]);
  return null;
}

function replayAt(seconds: number) {
  return (
    <ProgramClockProvider state="postevent" seesStage={false} endedAt={null}>
      <PlayerAt seconds={seconds} />
      <OfferOnAir sessionId={1} userId={5} />
    </ProgramClockProvider>
  );
}

test.each([
  { seconds: 5, shown: null },
  { seconds: 15, shown: "Get the deck" },
  { seconds: 25, shown: null },
  { seconds: 35, shown: "Join the beta" },
  { seconds: 45, shown: null },
])("the replay at $seconds s shows $shown", async ({ seconds, shown }) => {
  const api = stubApi(({ path }) =>
    path.startsWith("/api/video-session/offer-shows")
      ? { status: 200, body: { shows: SHOWS } }
      : { status: 200, body: STUDIO },
  );
  renderWithQueries(replayAt(seconds));
  await waitFor(() =>
    expect(api.of("GET", "/api/video-session/offer-shows?video_session_id=1")).toHaveLength(1),
  );
  if (shown === null) {
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("link")).toBeNull();
    return;
  }
  const link = await screen.findByRole("link", { name: shown });
  expect(link.getAttribute("target")).toBe("_blank");
  expect(link.getAttribute("rel")).toBe("noopener noreferrer");
});

test("a contribution in the replay is a button that opens the donation dialog with its prompt and currency", async () => {
  stubApi(({ path }) =>
    path.startsWith("/api/video-session/offer-shows")
      ? { status: 200, body: { shows: SHOWS } }
      : { status: 200, body: STUDIO },
  );
  renderWithQueries(replayAt(45));
  fireEvent.click(await screen.findByRole("button", { name: "Tip the band" }));
  const dialog = await screen.findByRole("dialog", { name: "Tip the band" });
  expect(dialog.textContent).toContain("Thank you");
  expect(screen.getByLabelText("Amount (EUR)")).toBeTruthy();
});
