import type { ReactNode } from "react";
import { Avatar } from "../../ui/Avatar";

export interface PersonRowProps {
  firstName: string;
  lastName: string;
  profilePhoto: string | null;
  badges?: ReactNode;
  /** The team's per-person action menu (PersonMenu). */
  actions?: ReactNode;
}

export function PersonRow({ firstName, lastName, profilePhoto, badges, actions }: PersonRowProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <li className="person">
      <Avatar name={name} src={profilePhoto} size="sm" />
      <span className="person__name">{name}</span>
      {badges && <span className="person__badges">{badges}</span>}
      {actions}
    </li>
  );
}
