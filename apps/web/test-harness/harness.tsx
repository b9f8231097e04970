// Browser-test entry (e2e/player.e2e.ts bundles it with esbuild and serves it from the app's files): the
// program-feed compositor and the session screens, rendered alone so a test can drive them with real
// media. Nothing here is part of the app's bundle.
import type { EventPageData, PlaybackResponse, RoomResponse } from "@onstage/domain";
import { viewerFlags } from "@onstage/domain";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createRoot } from "react-dom/client";
import { MemoryRouter } from "react-router";
import { ProgramClockProvider, useProgramClock } from "../src/features/player/ProgramClock";
import { playbackKeys } from "../src/features/player/playbackApi";
import { SessionScreen } from "../src/features/player/SessionScreen";
import { composeProgramFeed } from "../src/features/program-feed/composeProgramFeed";
import { pickRecorderMimeType } from "../src/features/program-feed/sendProgramFeed";
import "../src/ui/base.css";

function ProgramDate() {
  const { programDateMs } = useProgramClock();
  return <output data-testid="program-date">{programDateMs ?? ""}</output>;
}

/** The stage area as a guest sees it, with the playback answer the server would give. */
function renderSessionScreen(input: {
  data: EventPageData;
  room: RoomResponse;
  playback: PlaybackResponse;
  url: string;
}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(playbackKeys.playback(input.room.session.id), input.playback);
  const flags = viewerFlags({ userId: 2, eventRole: "guest", orgRole: null }, input.room.session.id);
  const container = document.getElementById("root");
  if (!container) throw new Error("no #root");
  createRoot(container).render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[input.url]}>
        <ProgramClockProvider>
          <main>
            <h1>{input.data.event.title}</h1>
            <SessionScreen data={input.data} room={input.room} flags={flags} />
            <ProgramDate />
          </main>
        </ProgramClockProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

Object.assign(window, { onstageHarness: { composeProgramFeed, pickRecorderMimeType, renderSessionScreen } });
