import { createHash, randomBytes } from "node:crypto";
import {
  BadRequest,
  type Clip,
  type ClipAnalytics,
  type ClipDownloadResponse,
  type ClipsResponse,
  type CreateClipBody,
  canManageClip,
  canSeeClipAnalytics,
  clipRange,
  createClipRefusal,
  Forbidden,
  NotFound,
  type ViewerFlags,
} from "@onstage/domain";
import { requireTopicReader } from "../../kernel/access/topic-access";
import { enqueueJobs } from "../../platform/jobs/queries";
import type { JobWorker } from "../../platform/jobs/worker";
import { withOutbox } from "../../platform/realtime/outbox";
import type { FeatureDeps } from "../deps";
import { limitAudienceWrite } from "../rate-limits/service";
import * as q from "./queries";
import { type RecordingPlaces, recordingFiles } from "./recording-files";
import { RecordingError, recordingSeconds } from "./recording-range";
import { announceClip, CLIP_RENDER_JOB, clipFileKeys } from "./render";
import { findClipPage } from "./service";

// Issue 26 §1-§3: making, listing, renaming and deleting clips, their download and analytics, and the
// public clip page's data and views.

export interface ClipsDeps extends Pick<FeatureDeps, "db" | "realtime" | "clock" | "storage"> {
  places: RecordingPlaces;
  worker: Pick<JobWorker, "nudge">;
}

/** A slug readers can make sense of in a link, unguessable by its random tail. */
export function clipSlug(title: string): string {
  const words = title
    .normalize("NFKD")
    // The accents NFKD split off the letters.
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  const tail = randomBytes(6).toString("hex");
  return words ? `${words}-${tail}` : `clip-${tail}`;
}

/** What a file is saved as: '{title}.mp4', without what file systems refuse. */
export function downloadName(title: string): string {
  const printable = [...title].map((c) => (c.charCodeAt(0) < 0x20 ? " " : c)).join("");
  const name =
    printable
      .replace(/[\\/:*?"<>|]+/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "clip";
  return `${name}.mp4`;
}

/** Who counts as one viewer of a clip page: the signed-in user, else the address and browser. */
export function clipViewerKey(viewerUserId: number | null, address: string, userAgent: string): string {
  if (viewerUserId !== null) return `user:${viewerUserId}`;
  return `visitor:${createHash("sha256").update(`${address}\n${userAgent}`).digest("hex").slice(0, 32)}`;
}

export function clipsService(deps: ClipsDeps) {
  const { db, storage } = deps;

  /** The clip, and the viewer's flags in its session: reading it needs what reading the session does. */
  async function clipFor(viewerUserId: number, id: number) {
    const stored = await q.findClip(db, id);
    if (!stored) throw NotFound("clip_not_found");
    const access = await requireTopicReader(db, viewerUserId, {
      kind: "session",
      id: stored.clip.videoSessionId,
    });
    return { stored, flags: access.flags };
  }
  const requireManager = (flags: ViewerFlags, viewerUserId: number, clip: Clip) => {
    const authorUserId = clip.user?.id ?? 0;
    if (!canManageClip({ flags, actorUserId: viewerUserId, authorUserId })) throw Forbidden();
  };
  /** The clip by its slug once it is cut: before, it has no page, file or views. */
  const readyClip = async (slug: string) => {
    const found = await q.findClipBySlug(db, slug);
    return found?.clip.render.state === "ready" ? found : null;
  };
  const announce = (clip: Clip) =>
    withOutbox(db, deps.realtime, (_tx, outbox) => announceClip(outbox, "UPDATE", clip));

  return {
    /** Spec 3 §2: the session's clips by start_time; analytics for owners, admins and channel members. */
    async list(viewerUserId: number | null, sessionId: number): Promise<ClipsResponse> {
      const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
      const clips = await q.listClips(db, sessionId);
      if (!canSeeClipAnalytics(access.flags)) return { clips, analytics: null };
      const analytics = await q.clipAnalytics(
        db,
        clips.map((clip) => clip.id),
      );
      return { clips, analytics: Object.fromEntries([...analytics].map(([id, a]) => [String(id), a])) };
    },

    /** Spec 2 §5, issue 26 §1: a range of the session's latest recording, cut by a job. */
    async create(viewerUserId: number, body: CreateClipBody): Promise<Clip> {
      const sessionId = body.video_session_id;
      const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
      const source = await q.findClipSource(db, sessionId);
      if (!source || source.eventId !== body.event_id) throw NotFound("session_not_found");
      const title = body.title.trim();
      if (!title) throw BadRequest("clip_title_required");
      const refusal = createClipRefusal({
        isTeam: access.flags.isTeam,
        sessionState: source.state,
        eventPrivate: source.eventPrivate,
        clippingDisabled: source.disableClipping,
        broadcastType: source.broadcastType,
        hasRecording: source.recording !== null,
        isRecordingPaused: source.liveIsRecording === false,
      });
      if (refusal === "clipping_disabled" || refusal === "clips_private_event") throw Forbidden(refusal);
      if (refusal) throw BadRequest(refusal);
      const recording = source.recording;
      const files = recording && recordingFiles(deps.places, recording.vodUrl);
      if (!recording || !files) throw BadRequest("not_recording");
      const recorded = await recordingSeconds(files.read, files.playlist).catch((error: unknown) => {
        throw error instanceof RecordingError ? BadRequest(error.code) : error;
      });
      const range = clipRange(body.start_time, body.end_time, recorded);
      if (typeof range === "string") throw BadRequest(range);
      const clip = await withOutbox(db, deps.realtime, async (tx, outbox) => {
        await limitAudienceWrite(tx, deps.clock().getTime(), {
          action: "clip",
          userId: viewerUserId,
          sessionId,
        });
        const stored = await q.insertClip(tx, {
          slug: clipSlug(title),
          title,
          eventId: source.eventId,
          sessionId,
          userId: viewerUserId,
          streamId: recording.streamId,
          ...range,
        });
        await enqueueJobs(tx, [
          {
            kind: CLIP_RENDER_JOB,
            key: `${CLIP_RENDER_JOB}:${stored.clip.id}`,
            payload: { id: stored.clip.id },
            runAt: deps.clock(),
          },
        ]);
        await announceClip(outbox, "INSERT", stored.clip);
        return stored.clip;
      });
      deps.worker.nudge();
      return clip;
    },

    async rename(viewerUserId: number, id: number, title: string): Promise<Clip> {
      const { stored, flags } = await clipFor(viewerUserId, id);
      requireManager(flags, viewerUserId, stored.clip);
      const trimmed = title.trim();
      if (!trimmed) throw BadRequest("clip_title_required");
      await q.renameClip(db, id, trimmed);
      const renamed = await q.findClip(db, id);
      if (!renamed) throw NotFound("clip_not_found");
      await announce(renamed.clip);
      return renamed.clip;
    },

    async remove(viewerUserId: number, id: number, eventId: number): Promise<void> {
      const { stored, flags } = await clipFor(viewerUserId, id);
      if (stored.clip.eventId !== eventId) throw NotFound("clip_not_found");
      requireManager(flags, viewerUserId, stored.clip);
      const deleted = await withOutbox(db, deps.realtime, async (tx, outbox) => {
        const done = await q.deleteClip(tx, id);
        if (done)
          await outbox.write(
            { kind: "session", id: stored.clip.videoSessionId },
            { kind: "change", table: "clips", event: "DELETE", payload: { id } },
          );
        return done;
      });
      if (!deleted) return;
      const keys = clipFileKeys(stored.clip.slug);
      await Promise.all([storage.delete(keys.video), storage.delete(keys.thumbnail)]);
    },

    /** Spec 3 §7 GET /api/clip/{slug}/download: for the clip's author, an owner or admin, a studio admin. */
    async download(viewerUserId: number, slug: string): Promise<ClipDownloadResponse> {
      const found = await q.findClipBySlug(db, slug);
      if (!found) throw NotFound("clip_not_found");
      const { stored, flags } = await clipFor(viewerUserId, found.clip.id);
      requireManager(flags, viewerUserId, stored.clip);
      if (stored.clip.render.state !== "ready") throw BadRequest("clip_not_ready");
      return { url: `/api/clip/${slug}/file`, fileName: downloadName(stored.clip.title) };
    },

    /** The MP4 to save, with the name it is saved as; null when the clip is not (or no longer) there. */
    async file(slug: string): Promise<{ key: string; fileName: string } | null> {
      const found = await readyClip(slug);
      if (!found?.fileKey) return null;
      return { key: found.fileKey, fileName: downloadName(found.clip.title) };
    },

    /** Analytics service action get-clip-data: owners, admins and channel members only. */
    async data(viewerUserId: number, clipId: number, eventId: number): Promise<ClipAnalytics> {
      const { stored, flags } = await clipFor(viewerUserId, clipId);
      if (stored.clip.eventId !== eventId) throw NotFound("clip_not_found");
      if (!canSeeClipAnalytics(flags)) throw Forbidden();
      return (await q.clipAnalytics(db, [clipId])).get(clipId) ?? { views: 0, registrations: 0 };
    },

    page: (clip: { slug: string } | { id: number }) => findClipPage(db, clip),

    /** A play of the clip page's video: once per viewer per hour. */
    async view(slug: string, viewerKey: string): Promise<void> {
      const found = await readyClip(slug);
      if (!found) throw NotFound("clip_not_found");
      await q.countClipView(db, found.clip.id, viewerKey, deps.clock());
    },
  };
}

export type ClipsService = ReturnType<typeof clipsService>;
