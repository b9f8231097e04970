// @vitest-environment happy-dom
import type { OfferShow, StudioResponse } from "@onstage/domain";
import { screen, waitFor } from "@testing-library/react";
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
    label: "Get the deck",
    url: "https://onstage.test/deck",
    shownAt: iso(10),
    hiddenAt: iso(20),
  },
  {
    elementId: 8,
    label: "Join the beta",
    url: "https://onstage.test/beta",
    shownAt: iso(30),
    hiddenAt: null,
  },
];
const STUDIO: StudioResponse = {
  sessionId: 1,
  themeId: null,
  elements: [],
  overlay: { shown: null, lastUpdated: null },
  offer: { shown: null, shownAt: null },
  offerClicks: [],
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
      <OfferOnAir sessionId={1} signedIn />
    </ProgramClockProvider>
  );
}

test.each([
  { seconds: 5, shown: null },
  { seconds: 15, shown: "Get the deck" },
  { seconds: 25, shown: null },
  { seconds: 35, shown: "Join the beta" },
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
