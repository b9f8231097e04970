import type { LocalTrackPublication, Room } from "livekit-client";
import { useEffect, useState } from "react";
import { programPublisher } from "../stage/stageApi";
import type { ProgramPublisher } from "./useProgramFeed";

/**
 * Issue 27 on LiveKit: the composed program (its canvas and sound mix, what HLS carries) published into
 * the session's room as the program participant, which viewer places subscribe to alone. Its own
 * connection, with the token the server mints for the host level (or the recorder): a stage member's
 * place neither carries nor shows it. A later stream replaces the tracks on the same publications.
 * livekit-client loads only here, on the first publish.
 */
export function livekitProgramPublisher(sessionId: number): ProgramPublisher & { close(): void } {
  let isClosed = false;
  let connecting: Promise<Room | null> | null = null;
  const published = new Map<"audio" | "video", LocalTrackPublication>();

  const connect = async (): Promise<Room | null> => {
    const join = await programPublisher(sessionId);
    if (join.provider !== "livekit" || isClosed) return null;
    const { Room } = await import("livekit-client");
    const room = new Room();
    await room.connect(join.url, join.token);
    if (isClosed) {
      await room.disconnect();
      return null;
    }
    return room;
  };

  return {
    async publishProgram(stream) {
      connecting ??= connect();
      const room = await connecting;
      if (!room || isClosed) return;
      const { Track } = await import("livekit-client");
      const sources = { video: Track.Source.Camera, audio: Track.Source.Microphone } as const;
      for (const kind of ["video", "audio"] as const) {
        const track = (kind === "video" ? stream.getVideoTracks() : stream.getAudioTracks())[0];
        if (!track) continue;
        const publication = published.get(kind);
        if (publication?.track) {
          if (publication.track.mediaStreamTrack !== track) await publication.track.replaceTrack(track, true);
          continue;
        }
        const name = `program-${kind}`;
        published.set(kind, await room.localParticipant.publishTrack(track, { source: sources[kind], name }));
      }
    },
    close() {
      isClosed = true;
      void connecting?.then((room) => room?.disconnect());
    },
  };
}

/** The program's LiveKit publisher while `isEnabled` (a host-level page composing it); null otherwise. */
export function useLivekitProgramPublisher(sessionId: number, isEnabled: boolean): ProgramPublisher | null {
  const [publisher, setPublisher] = useState<ProgramPublisher | null>(null);
  useEffect(() => {
    if (!isEnabled) return;
    const opened = livekitProgramPublisher(sessionId);
    setPublisher(opened);
    return () => {
      opened.close();
      setPublisher(null);
    };
  }, [sessionId, isEnabled]);
  return publisher;
}
