import type { Channel } from "@onstage/domain";
import { Link } from "react-router";
import { Avatar } from "../../ui/Avatar";
import "./SidebarSections.css";

export function HostSection({ channel }: { channel: Channel }) {
  return (
    <section className="landing-section" aria-labelledby="landing-host">
      <h2 id="landing-host" className="landing-section__title">
        Host
      </h2>
      <Link to={`/@${channel.channelName}`} className="host-link">
        <Avatar name={channel.name} src={channel.profileImage} />
        <span className="host-link__name">{channel.name}</span>
      </Link>
    </section>
  );
}
