import { ManagedChannelPicker } from "../dashboard/channels/ManagedChannelPicker";
import { AuditLog } from "./AuditLog";
import { BannedUsers } from "./BannedUsers";
import "./moderation.css";

/**
 * /settings?tab=advanced (spec 1 §6): the banned users and the moderation log of a channel the viewer
 * owns or administers; with several such channels, a picker chooses which.
 */
export function AdvancedSettings() {
  return (
    <div className="moderation">
      <ManagedChannelPicker none="Only a channel's owner and admins manage its banned users.">
        {(channel) => (
          <>
            <BannedUsers key={`bans-${channel.id}`} organizationId={channel.id} />
            <AuditLog key={`audit-${channel.id}`} organizationId={channel.id} />
          </>
        )}
      </ManagedChannelPicker>
    </div>
  );
}
