import {
  CreateLiveStreamRequest,
  LiveStream,
  LiveStreamQuery,
  ResetStreamKeyRequest,
  StopLiveStreamRequest,
  StreamLiveStreamRequest,
  StreamLiveStreamResponse,
  ToggleCaptionsRequest,
} from "@onstage/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireViewer } from "../../kernel/identity/viewer";
import type { LiveStreamService } from "./service";

// Spec 2 §7 /api/mux/livestream/*: HTTP only; who may call is the service's (channel owner or admin).

const tags = ["rtmp ingest"];

export function liveStreamRoutes(service: LiveStreamService): FastifyPluginAsyncZod {
  return async (app) => {
    // An anonymous caller learns nothing, not even whether the session or stream exists.
    app.addHook("preValidation", async (req) => {
      requireViewer(req);
    });

    app.post(
      "/api/mux/livestream/create",
      {
        schema: {
          tags,
          summary: "The session's live stream (key, server URL), made on the first call (spec 2 §7)",
          body: CreateLiveStreamRequest,
          response: { 200: LiveStream },
        },
      },
      async (req) => service.create(requireViewer(req), req.body.video_session_id),
    );
    app.get(
      "/api/mux/livestream",
      {
        schema: {
          tags,
          summary: "The session's live stream, polled until active (spec 2 §7 'Transcoder polled every 3 s')",
          querystring: LiveStreamQuery,
          response: { 200: LiveStream },
        },
      },
      async (req) => service.get(requireViewer(req), req.query.video_session_id),
    );
    app.post(
      "/api/mux/livestream/reset-stream-key",
      {
        schema: {
          tags,
          summary: "A new stream key; the old one is refused and its encoder put out",
          body: ResetStreamKeyRequest,
          response: { 200: LiveStream },
        },
      },
      async (req) => service.resetStreamKey(requireViewer(req), req.body.liveStreamId),
    );
    app.post(
      "/api/mux/livestream/stream",
      {
        schema: {
          tags,
          summary: "The streamer view's signed playlist of what the encoder sends (spec 2 §7)",
          body: StreamLiveStreamRequest,
          response: { 200: StreamLiveStreamResponse },
        },
      },
      async (req) => service.stream(requireViewer(req), req.body.liveStreamId, req.body.streamKey),
    );
    app.post(
      "/api/mux/livestream/stop",
      {
        schema: {
          tags,
          summary: "The encoder is put out and refused until create (spec 2 §7)",
          body: StopLiveStreamRequest,
          response: { 200: LiveStream },
        },
      },
      async (req) => service.stop(requireViewer(req), req.body.liveStreamId),
    );
    app.post(
      "/api/mux/livestream/toggle-captions",
      {
        schema: {
          tags,
          summary: "Show or hide captions on the HLS (spec 2 §7)",
          body: ToggleCaptionsRequest,
          response: { 200: LiveStream },
        },
      },
      async (req) => service.toggleCaptions(requireViewer(req), req.body.liveStreamId, req.body.showCaptions),
    );
  };
}
