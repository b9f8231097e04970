import { canManageChannel } from "@onstage/domain";
import { useId, useState } from "react";
import { Spinner } from "../../ui/Spinner";
import { useDash } from "../dashboard/useChannels";
import { AuditLog } from "./AuditLog";
import { BannedUsers } from "./BannedUsers";
import "./moderation.css";

/**
 * /settings?tab=advanced (spec 1 §6): the banned users and the moderation log of a channel the viewer
 * owns or administers; with several such channels, a picker chooses which.
 */
export function AdvancedSettings() {
  const id = useId();
  const dash = useDash();
  const channels = (dash.data ?? []).filter((entry) => canManageChannel(entry.role)).map((e) => e.channel);
  const [picked, setPicked] = useState<number | null>(null);
  if (dash.isPending) return <Spinner label="Loading your channels…" />;
  const channel = channels.find((c) => c.id === picked) ?? channels[0];
  if (!channel) return <p>Only a channel's owner and admins manage its banned users.</p>;
  return (
    <div className="moderation">
      {channels.length > 1 && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-channel`}>
            Channel
          </label>
          <select
            id={`${id}-channel`}
            className="field__input"
            value={channel.id}
            onChange={(event) => setPicked(Number(event.target.value))}
          >
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <BannedUsers key={`bans-${channel.id}`} organizationId={channel.id} />
      <AuditLog key={`audit-${channel.id}`} organizationId={channel.id} />
    </div>
  );
}
