import { Button } from "../../../ui/Button";
import { EmptyState } from "../../../ui/EmptyState";
import { Spinner } from "../../../ui/Spinner";
import { useDash } from "../useChannels";
import { ChannelSection } from "./ChannelSection";

/** The signed-in user's channels, each with its events. */
export function DashChannels({ onCreateChannel }: { onCreateChannel: () => void }) {
  const dash = useDash();
  if (dash.isPending) return <Spinner label="Loading your channels…" />;
  if (dash.isError) return <p role="alert">Your channels could not be loaded. Please try again later.</p>;
  if (dash.data.length === 0) {
    return (
      <EmptyState
        title="Create your first channel"
        actions={<Button onClick={onCreateChannel}>Create channel</Button>}
      >
        <p>
          A channel hosts your events. Give it a name and a handle, then create events and invite your team.
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="dash-channels">
      {dash.data.map((entry) => (
        <ChannelSection key={entry.channel.id} entry={entry} />
      ))}
    </div>
  );
}
