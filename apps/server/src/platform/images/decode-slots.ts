import { RateLimited } from "@onstage/domain";
import { type Slots, slots } from "../slots";

export type DecodeSlots = Slots;

/** Image decodes: a task beyond `running` at once and `waiting` in line is refused with `images_busy`. */
export const decodeSlots = (limits: { running: number; waiting: number }): DecodeSlots =>
  slots({ ...limits, busy: () => RateLimited("images_busy") });
