import type { EventAccess } from "@onstage/domain";
import { Badge } from "../../ui/Badge";
import { ACCESS_LABELS } from "./labels";

export interface EventStatus {
  access: EventAccess;
  private: boolean;
  archivedAt: string | null;
  isLive?: boolean;
  passwordProtected?: boolean;
}

/** Status at a glance: live, archived, unlisted (spec 1 §2 wording for private), access mode, password. */
export function EventStatusBadges({ event }: { event: EventStatus }) {
  return (
    <ul className="dash-badges" aria-label="Status">
      {event.isLive && (
        <li>
          <Badge tone="danger">Live</Badge>
        </li>
      )}
      {event.archivedAt && (
        <li>
          <Badge tone="warning">Archived</Badge>
        </li>
      )}
      {event.private && (
        <li>
          <Badge tone="info">Unlisted</Badge>
        </li>
      )}
      <li>
        <Badge>{ACCESS_LABELS[event.access]}</Badge>
      </li>
      {event.passwordProtected && (
        <li>
          <Badge>Password</Badge>
        </li>
      )}
    </ul>
  );
}
