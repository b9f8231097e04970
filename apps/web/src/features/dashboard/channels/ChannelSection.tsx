import { canManageChannel, type DashChannelEntry } from "@onstage/domain";
import { useId, useState } from "react";
import { Link } from "wouter";
import { Avatar } from "../../../ui/Avatar";
import { Badge } from "../../../ui/Badge";
import { Button, ButtonLink } from "../../../ui/Button";
import { ORG_ROLE_LABELS } from "../labels";
import { ChannelEvents } from "./ChannelEvents";
import { NewEventDialog } from "./NewEventDialog";

/** One channel of the user: who it is, their role, its events and what they may do with it. */
export function ChannelSection({ entry }: { entry: DashChannelEntry }) {
  const headingId = useId();
  const [isCreating, setCreating] = useState(false);
  const { channel, role } = entry;
  // The hidden words keep each channel's buttons distinct for screen-reader users listing controls.
  const forChannel = <span className="visually-hidden"> in {channel.name}</span>;
  return (
    <section className="dash-channel" aria-labelledby={headingId}>
      <div className="dash-channel__header">
        <Avatar name={channel.name} src={channel.profileImage} />
        <div className="dash-channel__who">
          <h2 id={headingId} className="dash-channel__name">
            {channel.name}
          </h2>
          <p className="dash-channel__handle">
            <Link to={`/@${channel.channelName}`}>@{channel.channelName}</Link>
            <Badge tone="primary">{ORG_ROLE_LABELS[role]}</Badge>
          </p>
        </div>
        <div className="dash-channel__actions">
          <Button onClick={() => setCreating(true)}>New event{forChannel}</Button>
          {canManageChannel(role) && (
            <ButtonLink variant="secondary" to={`/dash/channels/${channel.id}`}>
              Channel settings{forChannel}
            </ButtonLink>
          )}
        </div>
      </div>
      <ChannelEvents channelId={channel.id} channelName={channel.name} />
      <NewEventDialog channel={channel} open={isCreating} onOpenChange={setCreating} />
    </section>
  );
}
