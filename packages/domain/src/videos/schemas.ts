import { z } from "zod";
import { Id } from "../wire";

// Issue 25 §2, spec 2 §2 video shares: a prepared video played on the program scene, with a state the
// host's play, pause and seek set and everyone follows (spec 2: "state with timestamp").

export const VideoPreparationState = z.enum(["pending", "preparing", "ready", "failed"]);
export type VideoPreparationState = z.infer<typeof VideoPreparationState>;

/** Playing from `position` seconds at `updatedAt`, or paused there. */
export const VideoShareState = z.object({
  status: z.enum(["playing", "paused"]),
  position: z.number().min(0),
  updatedAt: z.iso.datetime(),
});
export type VideoShareState = z.infer<typeof VideoShareState>;

/** A video share as the team's Videos list has it. */
export const VideoShare = z.object({
  id: Id,
  title: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
  state: VideoShareState,
  preparation: z.object({
    state: VideoPreparationState,
    /** Why it failed, in words for the host. */
    error: z.string().nullable(),
    /** 0 to 1 while it is prepared. */
    progress: z.number().min(0).max(1),
    durationMs: z.number().int().min(0),
  }),
});
export type VideoShare = z.infer<typeof VideoShare>;

/** The video on the program scene (everyone who reads the session gets it in the studio). */
export const ShownVideo = z.object({
  id: Id,
  url: z.string(),
  durationMs: z.number().int().min(0),
  state: VideoShareState,
});
export type ShownVideo = z.infer<typeof ShownVideo>;

export const VideoSharesQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();
export const VideoSharesResponse = z.object({ videoShares: z.array(VideoShare) });
export const VideoShareUploadQuery = VideoSharesQuery;
export const VideoShareResponse = z.object({ videoShare: VideoShare });

/** Show or hide, play, pause or seek (`state`), or rename. */
export const UpdateVideoShareRequest = z
  .object({
    video_share_id: Id,
    data: z
      .object({
        is_active: z.boolean().optional(),
        state: z
          .object({ status: z.enum(["playing", "paused"]), position: z.number().min(0).max(86_400) })
          .strict()
          .optional(),
        title: z.string().max(1000).optional(),
      })
      .strict(),
  })
  .strict();

export const DeleteVideoShareRequest = z.object({ id: Id }).strict();
