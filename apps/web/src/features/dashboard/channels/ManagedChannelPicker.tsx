import { canManageChannel, type DashChannel } from "@onstage/domain";
import { type ReactNode, useId, useState } from "react";
import { Spinner } from "../../../ui/Spinner";
import { useDash } from "../useChannels";

/**
 * The /settings tabs of a channel the viewer owns or administers: with several such channels, a
 * picker chooses which; `children` renders the chosen one.
 */
export function ManagedChannelPicker({
  none,
  initialId = null,
  children,
}: {
  /** What a viewer who manages no channel reads. */
  none: string;
  /** The channel chosen first (a link back from elsewhere names it); the first one otherwise. */
  initialId?: number | null;
  children: (channel: DashChannel) => ReactNode;
}) {
  const id = useId();
  const dash = useDash();
  const channels = (dash.data ?? []).filter((entry) => canManageChannel(entry.role)).map((e) => e.channel);
  const [picked, setPicked] = useState<number | null>(initialId);
  if (dash.isPending) return <Spinner label="Loading your channels…" />;
  const channel = channels.find((c) => c.id === picked) ?? channels[0];
  if (!channel) return <p>{none}</p>;
  return (
    <>
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
      {children(channel)}
    </>
  );
}
