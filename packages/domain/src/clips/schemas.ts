import { z } from "zod";
import { Id } from "../wire";

// Spec 2 §7 toggle-clipping: the viewers' clipping switch of a whole event.

/** POST /api/video-session/toggle-clipping: the event-level disable_clipping. */
export const ToggleClippingBody = z.object({ disable_clipping: z.boolean(), event_id: Id }).strict();
export type ToggleClippingBody = z.infer<typeof ToggleClippingBody>;

export const ToggleClippingResponse = z.object({ disableClipping: z.boolean() });
export type ToggleClippingResponse = z.infer<typeof ToggleClippingResponse>;
