import { Badge } from "../../ui/Badge";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { VideoPlayer } from "../player/VideoPlayer";
import { useLiveStream, useStreamPreview } from "./useLiveStream";
import "./rtmp.css";

/**
 * Spec 2 §1: the RTMP streamer view, what the host sees in the greenroom and while broadcasting: the
 * incoming stream once the encoder publishes, 'Waiting for your encoder…' with the server address until then.
 */
export function RtmpStreamerView({ sessionId, isLive }: { sessionId: number; isLive: boolean }) {
  const liveStream = useLiveStream(sessionId);
  const preview = useStreamPreview(liveStream.data);
  if (liveStream.isPending) return <Spinner label="Loading the stream…" />;
  if (liveStream.isError) {
    return (
      <EmptyState
        title="An error occurred"
        actions={<Button onClick={() => void liveStream.refetch()}>Retry</Button>}
      >
        The stream could not be loaded.
      </EmptyState>
    );
  }
  const previewUrl = preview.data?.previewUrl ?? null;
  // With LiveKit Ingress the encoder publishes into the room and no preview exists (previewUrl null).
  if (previewUrl === null && liveStream.data.status === "active") {
    return (
      <section className="rtmp-waiting" aria-label="Your encoder is connected">
        <h2 className="rtmp-waiting__title">Your encoder is connected</h2>
        <p>{isLive ? "Viewers see its stream now." : "Viewers see its stream once you go live."}</p>
      </section>
    );
  }
  if (previewUrl === null) {
    return (
      <section className="rtmp-waiting" aria-label="Waiting for your encoder…">
        <h2 className="rtmp-waiting__title">Waiting for your encoder…</h2>
        <p>
          Start streaming to <code className="rtmp-waiting__address">{liveStream.data.server_url}</code> with
          the stream key from the RTMP setup.
        </p>
      </section>
    );
  }
  return (
    <VideoPlayer
      label="Your encoder's stream"
      source={{
        key: `rtmp-preview:${liveStream.data.id}`,
        url: previewUrl,
        fallbackUrl: null,
        kind: "live",
        startAt: 0,
      }}
      badges={isLive ? <Badge tone="danger">LIVE</Badge> : <Badge>PREVIEW</Badge>}
    />
  );
}
