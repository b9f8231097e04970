import {
  DeleteFilePresentationRequest,
  FileConvertRequest,
  FilePresentationResponse,
  FilePresentationsQuery,
  FilePresentationsResponse,
  OkResponse,
  ReorderFilePresentationsRequest,
  SLIDE_UPLOAD_MAX_BYTES,
  SlideUploadQuery,
  SlideUploadResponse,
  UpdateFilePresentationRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { requireViewer } from "../../../kernel/identity/viewer";
import { registerFileUploads, uploadedFile } from "../upload-part";
import type { SlidesService } from "./service";

const tags = ["studio"];

/** Spec 3 §7's file presentation calls, for the session's studio admins. */
export function slideRoutes(slides: SlidesService): FastifyPluginAsyncZod {
  return async (app) => {
    // Writes need a signed-in user before anything else: an anonymous caller learns nothing.
    app.addHook("preValidation", async (req) => {
      if (req.method !== "GET") requireViewer(req);
    });

    app.get(
      "/api/file-presentations",
      {
        schema: {
          tags,
          summary: "The session's file presentations, with each conversion's progress (studio admins)",
          querystring: FilePresentationsQuery,
          response: { 200: FilePresentationsResponse },
        },
      },
      async (req) => ({ presentations: await slides.list(requireViewer(req), req.query.video_session_id) }),
    );

    await app.register(async (scope) => {
      await registerFileUploads(scope, SLIDE_UPLOAD_MAX_BYTES);
      scope.withTypeProvider<ZodTypeProvider>().post(
        "/api/file-presentations/upload",
        {
          schema: {
            tags,
            summary:
              "Upload a slide file (multipart field `file`: pdf, doc, docx, ppt, pptx, png, jpg, jpeg; 30 MB)",
            consumes: ["multipart/form-data"],
            querystring: SlideUploadQuery,
            response: { 200: SlideUploadResponse },
          },
        },
        async (req) => {
          const viewer = requireViewer(req);
          return slides.upload(viewer, req.query.video_session_id, await uploadedFile(req));
        },
      );
    });

    app.post(
      "/api/file-convert",
      {
        schema: {
          tags,
          summary: "Convert an uploaded slide file into pages (spec 3 §7 file-convert)",
          body: FileConvertRequest,
          response: { 200: FilePresentationResponse },
        },
      },
      async (req) => ({ presentation: await slides.convert(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/file-presentations/update",
      {
        schema: {
          tags,
          summary: "Show or hide a file presentation, move its page, or rename it",
          body: UpdateFilePresentationRequest,
          response: { 200: FilePresentationResponse },
        },
      },
      async (req) => ({ presentation: await slides.update(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/file-presentations/delete",
      {
        schema: {
          tags,
          summary: "Delete a file presentation",
          body: DeleteFilePresentationRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await slides.remove(requireViewer(req), req.body.id);
        return { ok: true as const };
      },
    );

    app.post(
      "/api/file-presentations/reorder",
      {
        schema: {
          tags,
          summary: "Reorder the session's file presentations (numbered from 1)",
          body: ReorderFilePresentationsRequest,
          response: { 200: FilePresentationsResponse },
        },
      },
      async (req) => ({ presentations: await slides.reorder(requireViewer(req), req.body) }),
    );
  };
}
