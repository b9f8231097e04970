import { type EventPageData, requiresSingleTab, type VideoSessionSummary } from "@onstage/domain";
import { useSearchParams } from "wouter";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useMe } from "../account/useMe";
import { ClipsRoomProvider } from "../clips/clipsRoom";
import { viewerFlagsFor } from "../event-page/eventView";
import { IntentsProvider } from "../intents/IntentsProvider";
import { PeopleEventContext } from "../people-directory/usePeople";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { useRoom } from "../room-kit/useRoom";
import { DuplicateTabScreen } from "./DuplicateTabScreen";
import { RoomShell } from "./RoomShell";
import { useTabClaim } from "./useTabClaim";
import "./room.css";

/**
 * The live room of one session. Spec 1 §4: a signed-in user's second tab is blocked until it takes over;
 * spec 1 §2: with ?arc neither the realtime managers nor the duplicate-tab guard are mounted.
 */
export function Room({ data, session }: { data: EventPageData; session: VideoSessionSummary }) {
  const [searchParams] = useSearchParams();
  const isArc = searchParams.has("arc");
  const { user } = useMe();
  const room = useRoom(session.id);
  const state = room.data?.session.state ?? session.state;
  const claim = useTabClaim({
    sessionId: session.id,
    isNeeded: !isArc && user !== null && requiresSingleTab(state),
  });

  if (room.isPending) return <Spinner label="Loading the room…" />;
  if (room.isError) {
    return (
      <EmptyState
        title="An error occurred"
        actions={<Button onClick={() => void room.refetch()}>Retry</Button>}
      >
        The room could not be loaded.
      </EmptyState>
    );
  }
  if (claim.status === "blocked") {
    return <DuplicateTabScreen isBusy={claim.isTakingOver} onUseHere={claim.takeOver} />;
  }
  if (claim.status === "pending") return <Spinner label="Opening the room…" />;
  const flags = viewerFlagsFor(data, session);
  // Hosts get the 'Hand Raised' toast wherever they are in the room. The player's and the clips panel's
  // Clip buttons share the replay's position (spec 2 §9).
  const shell = (
    <IntentsProvider
      sessionId={session.id}
      viewerUserId={user?.id ?? null}
      toastHands={flags.canManagePeople}
    >
      <ClipsRoomProvider>
        <PeopleEventContext.Provider value={data.event.id}>
          <RoomShell
            data={data}
            room={room.data}
            urlHash={session.urlHash}
            flags={flags}
            onTakenElsewhere={claim.takenElsewhere}
          />
        </PeopleEventContext.Provider>
      </ClipsRoomProvider>
    </IntentsProvider>
  );
  return isArc ? shell : <RealtimeProvider>{shell}</RealtimeProvider>;
}
