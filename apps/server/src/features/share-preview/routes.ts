import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ChannelsService } from "../channels/service";
import type { EventsService } from "../events/service";
import { loadShellTemplate, renderShell } from "./html";
import { channelPreview, eventPreview, type Preview } from "./previews";

export interface WebAppOptions {
  webDist: string;
  publicUrl: string;
  events: EventsService;
  channels: ChannelsService;
}

/**
 * Serves the built single-page app. Event and channel pages get their head (title, Open Graph, robots)
 * and a plain preview body rendered here, so shared links preview without JavaScript.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { template, built } = await loadShellTemplate(options.webDist);
  if (!built) app.log.warn({ webDist: options.webDist }, "web app not built: run `npm run build`");
  else {
    await app.register(fastifyStatic, {
      root: path.join(options.webDist, "assets"),
      prefix: "/assets/",
      immutable: true,
      maxAge: "365d",
    });
  }

  const plainShell = template.replace("<!--onstage-head-->", "").replace("<!--onstage-body-->", "");
  const send = (reply: FastifyReply, preview: Preview) =>
    reply.code(preview.status).type("text/html; charset=utf-8").send(renderShell(template, preview.content));

  app.get<{ Params: { "*": string } }>("/c/*", { schema: { hide: true } }, async (req, reply) => {
    const eventCode = req.params["*"].split("/")[0] ?? "";
    return send(reply, await eventPreview(options.events, eventCode, options.publicUrl));
  });

  app.get<{ Params: { channelName: string } }>(
    "/@:channelName",
    { schema: { hide: true } },
    async (req, reply) =>
      send(reply, await channelPreview(options.channels, req.params.channelName, options.publicUrl)),
  );

  // Every other page is the app itself; unknown /api paths stay JSON 404s.
  app.get<{ Params: { "*": string } }>("/*", { schema: { hide: true } }, async (req, reply) => {
    if (req.url.startsWith("/api/")) return reply.callNotFound();
    return reply.type("text/html; charset=utf-8").send(plainShell);
  });
}
