import type { SessionIntent, ViewerFlags } from "@onstage/domain";
import type { ReactNode } from "react";
import { StageInviteMenu } from "../intents/StageInviteMenu";
import type { PersonMenuEvent } from "./PersonMenu";
import { PersonRow } from "./PersonRow";
import { RowPersonMenu } from "./RowPersonMenu";

export interface SessionPersonRowProps {
  person: { userId: number; firstName: string; lastName: string; profilePhoto: string | null };
  event: PersonMenuEvent;
  viewer: { userId: number | null; flags: ViewerFlags };
  intent: SessionIntent | null;
  /** The stage actions beside the name (the stage's own sections) or inside the person menu. */
  stageActions: "beside" | "in menu";
  badges?: ReactNode;
}

/** A person of the session's people sections: the profile on their name, the person menu, the stage actions. */
export function SessionPersonRow({
  person,
  event,
  viewer,
  intent,
  stageActions,
  badges,
}: SessionPersonRowProps) {
  const stageMenu = (
    <StageInviteMenu
      session={{ sessionId: event.sessionId, eventId: event.id }}
      broadcastType={event.broadcastType}
      userId={person.userId}
      name={`${person.firstName} ${person.lastName}`.trim()}
      intent={intent}
      viewerUserId={viewer.userId}
      flags={viewer.flags}
    />
  );
  const isBeside = stageActions === "beside";
  return (
    <PersonRow
      firstName={person.firstName}
      lastName={person.lastName}
      profilePhoto={person.profilePhoto}
      profileOf={{ userId: person.userId, eventId: event.id }}
      badges={isBeside ? stageMenu : badges}
      actions={
        <RowPersonMenu
          person={person}
          viewer={viewer}
          event={event}
          stageActions={isBeside ? undefined : stageMenu}
          hasPendingHandRaise={intent?.intentType === "hand_raised"}
        />
      }
    />
  );
}
