import { VIEWER_DELIVERY_SWEEP_MS } from "@onstage/domain";
import { intervalWorker } from "../../platform/jobs/interval";
import type { FeatureFactory } from "../feature";
import { viewerDeliveryService } from "./service";

/** Issue 27 §1: WebRTC for a small audience, HLS above the threshold, recounted every few seconds. */
export const viewerDeliveryFeature: FeatureFactory = (deps) => {
  const service = viewerDeliveryService(deps);
  return {
    name: "viewer-delivery",
    worker: intervalWorker(
      VIEWER_DELIVERY_SWEEP_MS,
      () => service.sweep(),
      (err) => deps.log.warn({ err }, "recounting the audiences' delivery failed"),
    ),
  };
};
