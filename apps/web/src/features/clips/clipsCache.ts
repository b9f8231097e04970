import type { Clip, ClipsResponse, TypedTopicMessage } from "@onstage/domain";

// The clips list in the query cache, kept by the session topic's `clips` changes and the viewer's own
// writes: sorted by start_time (spec 3 §2), a clip's analytics kept while it changes.

export type ClipChange = Extract<TypedTopicMessage<"session">, { kind: "change"; table: "clips" }>;

export const isClipChange = (message: TypedTopicMessage<"session">): message is ClipChange =>
  message.kind === "change" && message.table === "clips";

const byStartTime = (clips: Clip[]) => [...clips].sort((a, b) => a.startTime - b.startTime || a.id - b.id);

/** The clip added or replaced; a new clip starts with no views or registrations for who sees analytics. */
export function withClip(list: ClipsResponse, clip: Clip): ClipsResponse {
  const others = list.clips.filter((c) => c.id !== clip.id);
  const key = String(clip.id);
  const analytics =
    list.analytics && !list.analytics[key]
      ? { ...list.analytics, [key]: { views: 0, registrations: 0 } }
      : list.analytics;
  return { clips: byStartTime([...others, clip]), analytics };
}

export function withoutClip(list: ClipsResponse, clipId: number): ClipsResponse {
  return { ...list, clips: list.clips.filter((c) => c.id !== clipId) };
}

export function applyClipChange(list: ClipsResponse, message: ClipChange): ClipsResponse {
  return message.event === "DELETE" ? withoutClip(list, message.payload.id) : withClip(list, message.payload);
}

/** Spec 3 §8: the viewer's own clip just finished its cut ('clip ready for download'). */
export function isOwnClipReady(before: Clip | undefined, after: Clip, viewerUserId: number | null): boolean {
  return (
    viewerUserId !== null &&
    after.user?.id === viewerUserId &&
    after.render.state === "ready" &&
    before?.render.state !== "ready"
  );
}
