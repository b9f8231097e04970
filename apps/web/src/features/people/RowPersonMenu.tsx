import { type ReactNode, useState } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { useUserProfile } from "../profile/profileApi";
import { mayOpenPersonMenu, PersonMenu, type PersonMenuEvent, type PersonMenuProps } from "./PersonMenu";

export interface RowPersonMenuProps {
  person: { userId: number; firstName: string; lastName: string };
  viewer: PersonMenuProps["viewer"];
  event: PersonMenuEvent;
  stageActions?: ReactNode;
  hasPendingHandRaise?: boolean;
}

/**
 * Spec 2 §2, §6: the person menu on rows that know only who someone is (On Stage, Invited to the stage,
 * Hands raised, Live Audience), with the Registered rows' rules. Their role comes from their profile,
 * read when the menu is first asked for; whoever is in the session is not banned from it.
 */
export function RowPersonMenu({
  person,
  viewer,
  event,
  stageActions,
  hasPendingHandRaise,
}: RowPersonMenuProps) {
  const [isWanted, setWanted] = useState(false);
  const profile = useUserProfile(person.userId, event.id, isWanted);
  if (!mayOpenPersonMenu(viewer.flags) || viewer.userId === person.userId) return stageActions ?? null;
  const known = isWanted ? profile.data?.profile : undefined;
  if (known) {
    return (
      <PersonMenu
        person={{
          ...person,
          eventRole: known.eventRole ?? "guest",
          isOrgMember: known.orgRole !== null,
          isBanned: false,
          banId: null,
          hasPendingHandRaise,
        }}
        viewer={viewer}
        event={event}
        stageActions={stageActions}
        defaultOpen
      />
    );
  }
  const name = `${person.firstName} ${person.lastName}`.trim();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        disabled={isWanted && profile.isFetching}
        onClick={() => (isWanted ? void profile.refetch() : setWanted(true))}
      >
        Manage<span className="visually-hidden"> {name}</span>
      </Button>
      <FormError message={profile.isError ? "The person could not be loaded. Try again." : null} />
    </>
  );
}
