import type { LiveStream } from "@onstage/domain";
import { useId, useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { CaptionsToggle } from "../captions/CaptionsToggle";
import { ConfirmDialog } from "../dashboard/form/ConfirmDialog";
import { CopyButton } from "./CopyButton";
import { useLiveStream, useLiveStreamAnswer, useRotateStreamKey } from "./useLiveStream";
import "./rtmp.css";

const STATUS_TEXT: Record<LiveStream["status"], string> = {
  idle: "Waiting for your encoder…",
  active: "Receiving your stream",
  disabled: "Stopped: the encoder is refused until the stream is set up again",
};

/**
 * Spec 2 §1, §6: the host's RTMP setup (owner or admin only): the server address and stream key to paste
 * into the encoder, each copyable, the key hidden until shown, a confirmed key rotation, and the captions
 * feature's toggle and caption URL when the server takes captions.
 */
export function RtmpSetup({ sessionId }: { sessionId: number }) {
  const titleId = useId();
  const liveStream = useLiveStream(sessionId);
  return (
    <section className="rtmp-setup" aria-labelledby={titleId}>
      <h2 id={titleId} className="rtmp-setup__title">
        RTMP setup
      </h2>
      {liveStream.data ? (
        <LiveStreamSettings sessionId={sessionId} liveStream={liveStream.data} />
      ) : liveStream.isError ? (
        <p role="alert">
          The stream settings could not be loaded.{" "}
          <Button size="sm" variant="secondary" onClick={() => void liveStream.refetch()}>
            Retry
          </Button>
        </p>
      ) : (
        <Spinner label="Loading the stream settings…" />
      )}
    </section>
  );
}

function LiveStreamSettings({ sessionId, liveStream }: { sessionId: number; liveStream: LiveStream }) {
  const [isKeyShown, setKeyShown] = useState(false);
  const [isRotateOpen, setRotateOpen] = useState(false);
  const rotate = useRotateStreamKey(sessionId, liveStream.id);
  const onCaptionsChanged = useLiveStreamAnswer(sessionId);
  return (
    <>
      <p className="rtmp-setup__hint">
        In your encoder (OBS: Settings, Stream, Service 'Custom…') paste the server address and the stream
        key.
      </p>
      <p className="rtmp-setup__status" role="status">
        {STATUS_TEXT[liveStream.status]}
      </p>
      <TextField
        label="Server address"
        value={liveStream.server_url}
        readOnly
        trailing={<CopyButton text={liveStream.server_url} what="server address" />}
      />
      <TextField
        label="Stream key"
        value={liveStream.stream_key}
        type={isKeyShown ? "text" : "password"}
        readOnly
        autoComplete="off"
        hint="Keep it secret: anyone with the key can stream to this session."
        trailing={
          <>
            <Button variant="secondary" aria-pressed={isKeyShown} onClick={() => setKeyShown(!isKeyShown)}>
              {isKeyShown ? "Hide" : "Show"}
              <span className="visually-hidden"> stream key</span>
            </Button>
            <CopyButton text={liveStream.stream_key} what="stream key" />
          </>
        }
      />
      <div className="rtmp-setup__actions">
        <Button variant="secondary" disabled={rotate.isPending} onClick={() => setRotateOpen(true)}>
          Rotate key
        </Button>
      </div>
      <CaptionsToggle sessionId={sessionId} stream={liveStream} onChanged={onCaptionsChanged} />
      <ConfirmDialog
        open={isRotateOpen}
        onOpenChange={setRotateOpen}
        title="Rotate stream key"
        description="The current key stops working at once: an encoder streaming with it is cut off. Paste the new key into your encoder afterwards."
        confirmLabel="Rotate key"
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setRotateOpen(false) })}
        isPending={rotate.isPending}
        error={rotate.error ? failureText(rotate.error) : null}
      />
    </>
  );
}
