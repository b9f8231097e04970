import { z } from "zod";
import { SLIDE_FILE_EXTENSIONS } from "../constants";
import { Id, StoredText } from "../wire";

// Spec 3 §3, §7 file presentations (the Slides section): an uploaded deck converted to page images, shown
// on the program scene one page at a time. Requests use the spec's names; responses are camelCase.

export const SlideConversionState = z.enum(["pending", "converting", "ready", "failed"]);
export type SlideConversionState = z.infer<typeof SlideConversionState>;

/** Spec 3 §3 state {presenterId, position}: who shows it, and the page (from 1). */
export const SlideState = z.object({ presenterId: Id.nullable(), position: z.number().int().min(1) });
export type SlideState = z.infer<typeof SlideState>;

/** A file presentation as the team's list has it. */
export const FilePresentation = z.object({
  id: Id,
  displayname: z.string(),
  fileType: z.enum(SLIDE_FILE_EXTENSIONS),
  order: z.number().int(),
  isActive: z.boolean(),
  state: SlideState,
  conversion: z.object({
    state: SlideConversionState,
    /** Why it failed, in words for the host. */
    error: z.string().nullable(),
    /** Pages made so far (page n of N while converting). */
    pagesDone: z.number().int().min(0),
    pageCount: z.number().int().min(0),
  }),
});
export type FilePresentation = z.infer<typeof FilePresentation>;

/** The presentation on the program scene (everyone who reads the session gets it in the studio). */
export const ShownSlides = z.object({
  id: Id,
  presenterId: Id.nullable(),
  position: z.number().int().min(1),
  /** Every page's image, in order: pageUrls[position - 1] is on air. */
  pageUrls: z.array(z.string()),
});
export type ShownSlides = z.infer<typeof ShownSlides>;

export const FilePresentationsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export const FilePresentationsResponse = z.object({ presentations: z.array(FilePresentation) });

/** POST /api/file-presentations/upload answers where the file went, for file-convert (spec 3 §7). */
export const SlideUploadQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export const SlideUploadResponse = z.object({ fileUrl: z.string(), fileName: z.string() });

/** Spec 3 §7 file-convert: fileUrl, video_session_id, org_id, event_id, sent after the upload. */
export const FileConvertRequest = z
  .object({
    fileUrl: z.string().min(1).max(2048),
    video_session_id: Id,
    org_id: Id,
    event_id: Id,
    /** The name the host's file had (the list shows it); the stored key is random. */
    file_name: StoredText(255).optional(),
  })
  .strict();
export const FilePresentationResponse = z.object({ presentation: FilePresentation });

/** Spec 3 §7 update a file presentation: file_presentation_id plus {is_active, state, displayname}. */
export const UpdateFilePresentationRequest = z
  .object({
    file_presentation_id: Id,
    data: z
      .object({
        is_active: z.boolean().optional(),
        state: z
          .object({ position: z.number().int().min(1).max(10_000) })
          .strict()
          .optional(),
        displayname: z.string().max(1000).optional(),
      })
      .strict(),
  })
  .strict();

export const DeleteFilePresentationRequest = z.object({ id: Id }).strict();

/** Spec 3 §7 reorder files: the session's presentations in their new order (numbered from 1). */
export const ReorderFilePresentationsRequest = z
  .object({ video_session_id: Id, order: z.array(Id).min(1).max(200) })
  .strict();
