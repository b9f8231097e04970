import type { ReactNode } from "react";
import { Avatar } from "../../ui/Avatar";

export interface PersonRowProps {
  firstName: string;
  lastName: string;
  profilePhoto: string | null;
  badges?: ReactNode;
}

export function PersonRow({ firstName, lastName, profilePhoto, badges }: PersonRowProps) {
  const name = `${firstName} ${lastName}`.trim();
  return (
    <li className="person">
      <Avatar name={name} src={profilePhoto} size="sm" />
      <span className="person__name">{name}</span>
      {badges && <span className="person__badges">{badges}</span>}
    </li>
  );
}
