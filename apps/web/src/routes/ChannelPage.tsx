import { PAGE_ERROR_MESSAGES } from "@onstage/domain";
import { useParams } from "wouter";
import { SitePage } from "../features/account/SitePage";
import { ChannelHeader } from "../features/channels/ChannelHeader";
import { useChannelPage } from "../features/channels/useChannelPage";
import { EventCardGrid } from "../features/events/EventCardGrid";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { ButtonLink } from "../ui/Button";
import { EmptyState } from "../ui/EmptyState";
import { Spinner } from "../ui/Spinner";
import { NotFoundPage } from "./NotFoundPage";
import "./pages.css";

/**
 * /@{channelName} (spec 1 §2). The router matches only whole dynamic segments, so the route is
 * /:handle and anything not starting with "@" is an unknown page.
 */
export function ChannelPage() {
  const handle = useParams().handle ?? "";
  if (!handle.startsWith("@") || handle.length < 2) return <NotFoundPage />;
  return <Channel channelName={handle.slice(1)} />;
}

function Channel({ channelName }: { channelName: string }) {
  const query = useChannelPage(channelName);
  useDocumentTitle(query.data?.channel.name ?? (query.isError ? "Channel not found" : null));
  if (query.isPending) {
    return (
      <SitePage>
        <Spinner label="Loading channel…" />
      </SitePage>
    );
  }
  if (!query.data) {
    return (
      <SitePage>
        <EmptyState
          title="Channel not found"
          headingLevel={1}
          actions={<ButtonLink to="/">Explore</ButtonLink>}
        >
          <p>{PAGE_ERROR_MESSAGES.channel_not_found}</p>
        </EmptyState>
      </SitePage>
    );
  }
  const { channel, events } = query.data;
  return (
    <SitePage>
      <ChannelHeader channel={channel} />
      <section aria-labelledby="channel-events">
        <h2 id="channel-events" className="section-title">
          Events
        </h2>
        {events.length === 0 ? (
          <p className="empty-note">{channel.name} has no public events yet.</p>
        ) : (
          <EventCardGrid events={events} />
        )}
      </section>
    </SitePage>
  );
}
