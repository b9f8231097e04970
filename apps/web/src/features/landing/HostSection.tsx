import type { Channel } from "@onstage/domain";
import { Link } from "wouter";
import { Avatar } from "../../ui/Avatar";
import { LazyFollowButton } from "../followers/LazyFollowButton";
import { LandingSection } from "./LandingSection";
import "./SidebarSections.css";

export function HostSection({ channel }: { channel: Channel }) {
  return (
    <LandingSection title="Host">
      <div className="host-row">
        <Link to={`/@${channel.channelName}`} className="host-link">
          <Avatar name={channel.name} src={channel.profileImage} />
          <span className="host-link__name">{channel.name}</span>
        </Link>
        <LazyFollowButton channelId={channel.id} channelName={channel.name} />
      </div>
    </LandingSection>
  );
}
