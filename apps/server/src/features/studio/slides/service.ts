import { randomBytes } from "node:crypto";
import {
  BadRequest,
  Conflict,
  type FileConvertRequest,
  type FilePresentation,
  itemNameRefusal,
  NotFound,
  type ReorderFilePresentationsRequest,
  type SlideFileType,
  slideFileType,
  slideNameOf,
  slideOrder,
  slidePosition,
  type UpdateFilePresentationRequest,
} from "@onstage/domain";
import type { z } from "zod";
import type { Queryable } from "../../../platform/database";
import { enqueueJobs } from "../../../platform/jobs/queries";
import type { JobWorker } from "../../../platform/jobs/worker";
import type { FileStorage } from "../../../platform/storage/port";
import { removeUnreferenced } from "../library/storage";
import { requireStudioAdmin, type StudioChange } from "../studio-change";
import { SLIDE_CONVERSION_JOB } from "./conversion";
import * as q from "./queries";

// Spec 3 §2-§5, §7 the Slides section: upload, file-convert, the list (rename, delete, reorder) and
// Show/Hide with the presenter's page. Every change goes through the studio's change, so the deck on air
// reaches the program scene of everyone in the session.

type ConvertInput = z.output<typeof FileConvertRequest>;
type UpdateInput = z.output<typeof UpdateFilePresentationRequest>;
type ReorderInput = z.output<typeof ReorderFilePresentationsRequest>;

const CONTENT_TYPE: Record<SlideFileType, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
};

/** Spec 3 §9: uploads go under 'file-conversions/channel-{org}/session-{session}'. */
const uploadPrefix = (organizationId: number, sessionId: number) =>
  `file-conversions/channel-${organizationId}/session-${sessionId}/`;
const UPLOAD_KEY = /file-conversions\/channel-(\d+)\/session-(\d+)\/([0-9a-f]{32})\.([a-z]+)(?:[?#].*)?$/;

export interface SlidesDeps {
  db: Queryable;
  storage: FileStorage;
  clock: () => Date;
  change: StudioChange;
  worker: Pick<JobWorker, "nudge">;
}

export function slidesService(deps: SlidesDeps) {
  const { db, storage, change } = deps;

  async function owned(viewerUserId: number, id: number) {
    const presentation = await q.findPresentation(db, id);
    if (!presentation) throw NotFound("slide_not_found");
    await requireStudioAdmin(db, viewerUserId, presentation.sessionId, "slides");
    return presentation;
  }

  /** Show (spec 3 §4): another host's deck on air is theirs until hidden; my own other deck makes way. */
  async function show(tx: Queryable, viewerUserId: number, p: q.StoredPresentation) {
    if (p.conversion.state !== "ready") throw Conflict("slide_not_ready");
    const active = (await q.sessionPresentations(tx, p.sessionId)).find((x) => x.isActive);
    if (active && active.state.presenterId !== null && active.state.presenterId !== viewerUserId)
      throw Conflict("slide_in_progress");
    if (active?.id === p.id) return;
    await q.deactivateSession(tx, p.sessionId);
    const position = slidePosition(p.state.position, p.conversion.pageCount);
    await q.setActive(tx, p.id, { presenterId: viewerUserId, position });
  }

  return {
    /** The upload, stored where file-convert expects it; answered with its URL (spec 3 §7). */
    async upload(
      viewerUserId: number,
      sessionId: number,
      file: { fileName: string; read: () => Promise<Buffer | null> },
    ): Promise<{ fileUrl: string; fileName: string }> {
      const access = await requireStudioAdmin(db, viewerUserId, sessionId, "slides");
      const type = slideFileType(file.fileName);
      if (!type) throw BadRequest("slide_type");
      const bytes = await file.read();
      if (!bytes) throw BadRequest("slide_upload_too_large");
      const key = `${uploadPrefix(access.event.organizationId, sessionId)}${randomBytes(16).toString("hex")}.${type}`;
      const fileUrl = await storage.put(key, bytes, CONTENT_TYPE[type]);
      return { fileUrl, fileName: file.fileName };
    },

    /** Spec 3 §7 file-convert: the upload becomes a presentation whose pages the job makes. */
    async convert(viewerUserId: number, input: ConvertInput): Promise<FilePresentation> {
      const sessionId = input.video_session_id;
      const access = await requireStudioAdmin(db, viewerUserId, sessionId, "slides");
      const organizationId = access.event.organizationId;
      if (access.event.id !== input.event_id || organizationId !== input.org_id)
        throw NotFound("session_not_found");
      const match = UPLOAD_KEY.exec(input.fileUrl);
      const type = match && slideFileType(`x.${match[4]}`);
      if (!match || !type || Number(match[1]) !== organizationId || Number(match[2]) !== sessionId)
        throw NotFound("slide_upload_not_found");
      const folder = uploadPrefix(organizationId, sessionId);
      const fileKey = `${folder}${match[3]}.${type}`;
      if (!(await storage.list(folder)).includes(fileKey)) throw NotFound("slide_upload_not_found");
      const { result } = await change(sessionId, async (tx) => {
        const presentation = await q.insertPresentation(tx, {
          organizationId,
          sessionId,
          displayname: slideNameOf(input.file_name ?? `Slides.${type}`),
          fileKey,
          fileType: type,
        });
        await enqueueJobs(tx, [
          {
            kind: SLIDE_CONVERSION_JOB,
            key: `${SLIDE_CONVERSION_JOB}:${presentation.id}`,
            payload: { id: presentation.id },
            runAt: deps.clock(),
          },
        ]);
        return presentation;
      });
      deps.worker.nudge();
      return q.listed(result);
    },

    async list(viewerUserId: number, sessionId: number): Promise<FilePresentation[]> {
      await requireStudioAdmin(db, viewerUserId, sessionId, null);
      return (await q.sessionPresentations(db, sessionId)).map(q.listed);
    },

    /** Spec 3 §7 update: {is_active, state, displayname}; rename needs a name (spec 3 §5). */
    async update(viewerUserId: number, input: UpdateInput): Promise<FilePresentation> {
      const { sessionId } = await owned(viewerUserId, input.file_presentation_id);
      const { data } = input;
      const { result } = await change(sessionId, async (tx) => {
        const p = await q.findPresentation(tx, input.file_presentation_id);
        if (!p) throw NotFound("slide_not_found");
        if (data.displayname !== undefined) {
          const refusal = itemNameRefusal(data.displayname);
          if (refusal) throw BadRequest(refusal);
          await q.rename(tx, p.id, data.displayname.trim());
        }
        if (data.is_active === true) await show(tx, viewerUserId, p);
        if (data.is_active === false && p.isActive) await q.deactivateSession(tx, sessionId);
        if (data.state) {
          // The presenter moves the pages; someone else's deck on air is theirs.
          const current = (await q.findPresentation(tx, p.id)) ?? p;
          if (current.isActive && current.state.presenterId !== viewerUserId)
            throw Conflict("slide_in_progress");
          await q.setPosition(tx, p.id, slidePosition(data.state.position, current.conversion.pageCount));
        }
        return q.findPresentation(tx, p.id);
      });
      if (!result) throw NotFound("slide_not_found");
      return q.listed(result);
    },

    async remove(viewerUserId: number, id: number): Promise<void> {
      const p = await owned(viewerUserId, id);
      await change(p.sessionId, (tx) => q.deletePresentation(tx, id));
      await removeUnreferenced(db, storage, { slides: [p.fileKey], videos: [] });
    },

    /** Spec 3 §7 reorder files: exactly the session's presentations, each once, numbered from 1. */
    async reorder(viewerUserId: number, input: ReorderInput): Promise<FilePresentation[]> {
      await requireStudioAdmin(db, viewerUserId, input.video_session_id, "slides");
      const { result } = await change(input.video_session_id, async (tx) => {
        const current = await q.sessionPresentations(tx, input.video_session_id);
        const given = new Set(input.order);
        if (
          given.size !== input.order.length ||
          given.size !== current.length ||
          current.some((p) => !given.has(p.id))
        )
          throw BadRequest("slide_bad_order");
        await q.setOrder(tx, slideOrder(input.order));
        return q.sessionPresentations(tx, input.video_session_id);
      });
      return result.map(q.listed);
    },
  };
}

export type SlidesService = ReturnType<typeof slidesService>;
