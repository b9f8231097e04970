import { PROGRAM_HEIGHT, PROGRAM_WIDTH, type SceneLayer } from "@onstage/domain";
import { drawCentredText, type Painter, still } from "../painter";

/** Nobody on stage: the event's title in the middle of the picture. */
export const slate: Painter<Extract<SceneLayer, { kind: "slate" }>> = {
  prepare: (_ctx, layer) =>
    still((ctx) =>
      drawCentredText(ctx, layer.text, PROGRAM_WIDTH / 2, PROGRAM_HEIGHT / 2, 48, PROGRAM_WIDTH * 0.9),
    ),
};
