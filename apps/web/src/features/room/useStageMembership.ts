import { hostControls, mayJoinStage, type RoomSession, stageIsOpen, type ViewerFlags } from "@onstage/domain";
import { useState } from "react";
import { useSearchParams } from "wouter";
import { ownIntent, useIntents } from "../intents/useIntents";
import { seesStage } from "../stage/seesStage";

export interface StageMembership {
  /** The stage (device preview, tiles) rather than the audience's player. */
  isStageView: boolean;
  /** This tab holds a place on the stage: its program feed then comes from the stage connection. */
  isOnStage: boolean;
  onStageChange: (isOnStage: boolean) => void;
  /** Spec 2 §2: the viewer has an invitation to answer. */
  isInvited: boolean;
  /** The open stage's offer to this viewer (null: none), and whether they chose to join it. */
  openStage: { isJoined: boolean; onJoinedChange: (isJoined: boolean) => void } | null;
}

/**
 * Issue 12: who in the room sees the stage. The team does; stage intents decide who else comes on it
 * (an accepted invitee), and the open stage admits whoever chooses to join it.
 */
export function useStageMembership(
  session: RoomSession,
  flags: ViewerFlags,
  userId: number | null,
): StageMembership {
  const [searchParams] = useSearchParams();
  const [isOnStage, setOnStage] = useState(false);
  const [joinsOpenStage, setJoinsOpenStage] = useState(false);
  const mine = ownIntent(useIntents().data, userId)?.intentType ?? null;
  // The team is on stage anyway: the open stage is offered to the audience only.
  const offersOpenStage =
    userId !== null &&
    session.openStage &&
    hostControls(session).showOpenStage &&
    stageIsOpen(session.state) &&
    mine !== "invite_accepted" &&
    !mayJoinStage({ flags });
  const stageFor = {
    acceptedInvite: mine === "invite_accepted",
    openStage: offersOpenStage && joinsOpenStage,
  };
  return {
    isStageView: seesStage(flags, session, searchParams, stageFor),
    isOnStage,
    onStageChange: setOnStage,
    isInvited: mine === "invite_sent",
    openStage: offersOpenStage ? { isJoined: joinsOpenStage, onJoinedChange: setJoinsOpenStage } : null,
  };
}
