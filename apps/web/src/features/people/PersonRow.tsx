import type { ReactNode } from "react";
import { Avatar } from "../../ui/Avatar";
import { ProfilePopover } from "../profile/ProfilePopover";

export interface PersonRowProps {
  firstName: string;
  lastName: string;
  profilePhoto: string | null;
  badges?: ReactNode;
  /** The team's per-person action menu (PersonMenu). */
  actions?: ReactNode;
  /** Given, the name opens the person's profile popover (spec 2 §2). */
  profileOf?: { userId: number; eventId: number };
}

export function PersonRow({ firstName, lastName, profilePhoto, badges, actions, profileOf }: PersonRowProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <li className="person">
      <Avatar name={name} src={profilePhoto} size="sm" />
      <span className="person__name">{profileOf ? <ProfilePopover name={name} {...profileOf} /> : name}</span>
      {badges && <span className="person__badges">{badges}</span>}
      {actions}
    </li>
  );
}
