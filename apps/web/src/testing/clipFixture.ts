import type { Clip } from "@onstage/domain";
import type { StubAnswer } from "./apiStub";

/** A clip as the API answers it: cut and ready unless told otherwise. */
export function clipFixture(clip: Partial<Clip> = {}): Clip {
  const id = clip.id ?? 1;
  return {
    id,
    slug: `moment-${id}-1a2b3c`,
    title: `Moment ${id}`,
    startTime: 60,
    endTime: 90,
    eventId: 3,
    videoSessionId: 7,
    user: { id: 1, fullName: "Ada Host" },
    render: { state: "ready", progress: 1, error: null },
    videoUrl: `/files/clips/${id}.mp4`,
    thumbnailUrl: `/files/clips/${id}.jpg`,
    createdAt: "2026-03-01T10:00:00.000Z",
    ...clip,
  };
}

/** The recording's playlist as the server answers it: `seconds` long. */
export const recordingPlaylist = (seconds: number): StubAnswer => ({
  status: 200,
  text: `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:${seconds.toFixed(3)},\nlive0.ts\n#EXT-X-ENDLIST\n`,
});
