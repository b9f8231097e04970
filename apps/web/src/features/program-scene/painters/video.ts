import type { SceneLayer } from "@onstage/domain";
import type { Painter } from "../painter";
import { followVideo, sharedVideoElement, stopSharedVideo } from "../sharedVideo";
import { containRect } from "./slide";

const timeText = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** Issue 25 §2: the shared video's frames in the main area, played where its state says. */
export const video: Painter<Extract<SceneLayer, { kind: "video" }>> = {
  // A play, a pause or a seek is the same video on air: no entrance again.
  identity: (layer) => `video:${layer.video.id}`,
  prepare: (_ctx, layer, { redraw }) => {
    const element = sharedVideoElement(layer.video.url);
    followVideo(element, layer.video);
    element.addEventListener("loadeddata", redraw, { once: true });
    element.addEventListener("seeked", redraw, { once: true });
    return {
      draw: (ctx) => {
        if (element.readyState < element.HAVE_CURRENT_DATA || element.videoWidth === 0)
          return !element.paused;
        const fit = containRect(element.videoWidth, element.videoHeight, layer.rect);
        ctx.drawImage(element, fit.x, fit.y, fit.width, fit.height);
        return !element.paused;
      },
      leave: () => {
        stopSharedVideo(layer.video.url);
        return 0;
      },
    };
  },
  describe: (layer) => ({
    label: "Shared video",
    lines: [
      `${layer.video.state.status === "playing" ? "Playing" : "Paused"} at ${timeText(layer.video.state.position)} of ${timeText(layer.video.durationMs / 1000)}`,
    ],
  }),
};
