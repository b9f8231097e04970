import { canManageChannel } from "@onstage/domain";
import { Link, useParams } from "wouter";
import { SitePage } from "../features/account/SitePage";
import { SettingsSection } from "../features/account-settings/SettingsSection";
import { ChannelDetailsSection } from "../features/dashboard/channels/ChannelDetailsSection";
import { PatreonCampaignField } from "../features/dashboard/channels/PatreonCampaignField";
import { TeamSection } from "../features/dashboard/channels/TeamSection";
import { DashNotFound, isId } from "../features/dashboard/DashNotFound";
import { SignedInOnly } from "../features/dashboard/SignedInOnly";
import { useDashChannel } from "../features/dashboard/useChannels";
import { FollowersSection } from "../features/followers/FollowersSection";
import { WebhooksSection } from "../features/webhooks/WebhooksSection";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { Spinner } from "../ui/Spinner";
import "../features/account-settings/account-settings.css";
import "../features/dashboard/dashboard.css";

function ChannelSettings({ channelId }: { channelId: number }) {
  const entry = useDashChannel(channelId);
  if (entry.isPending) return <Spinner label="Loading the channel…" />;
  if (!entry.data || !canManageChannel(entry.data.role)) {
    const message = entry.data ? "Only the channel's owner and admins can change its settings." : undefined;
    return <DashNotFound what="Channel" message={message} />;
  }
  const { channel } = entry.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="dash-breadcrumb">
        <Link to="/dash">Dashboard</Link>
      </nav>
      <h1>Channel settings</h1>
      <p className="dash-subtitle">
        {channel.name} · @{channel.channelName}
      </p>
      <div className="settings" key={channel.id}>
        <ChannelDetailsSection channel={channel} />
        <SettingsSection title="Membership (Patreon)">
          <PatreonCampaignField entry={entry.data} />
        </SettingsSection>
        <TeamSection channelId={channel.id} />
        <FollowersSection channelId={channel.id} />
        <WebhooksSection channelId={channel.id} />
      </div>
    </>
  );
}

/**
 * /dash/channels/:channelId: name, avatar, team (issue 5 §1), followers and webhooks (issue 28 §3, §4)
 * of a channel.
 */
export function ChannelSettingsPage() {
  useDocumentTitle("Channel settings");
  const channelId = Number(useParams().channelId);
  return (
    <SitePage>
      <SignedInOnly
        title="Channel settings"
        prompt="Sign in to manage your channel"
        explanation="Channel settings are here once you are signed in."
      >
        {() =>
          isId(channelId) ? <ChannelSettings channelId={channelId} /> : <DashNotFound what="Channel" />
        }
      </SignedInOnly>
    </SitePage>
  );
}
