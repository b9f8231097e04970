import type { Channel } from "@onstage/domain";
import { Avatar } from "../../ui/Avatar";
import { LazyFollowButton } from "../followers/LazyFollowButton";
import "./channels.css";

export function ChannelHeader({ channel }: { channel: Channel }) {
  return (
    <header className="channel-header">
      <Avatar name={channel.name} src={channel.profileImage} size="lg" />
      <div>
        <h1 className="channel-header__name">{channel.name}</h1>
        <p className="channel-header__handle">@{channel.channelName}</p>
      </div>
      <div className="channel-header__follow">
        <LazyFollowButton channelId={channel.id} channelName={channel.name} />
      </div>
    </header>
  );
}
