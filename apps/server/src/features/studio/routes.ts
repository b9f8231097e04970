import {
  ApplyThemeRequest,
  BadRequest,
  CreateCustomElementRequest,
  CustomElementResponse,
  DeleteCustomElementRequest,
  DeleteThemeRequest,
  OfferClickRequest,
  OfferClickResponse,
  OfferShowsQuery,
  OfferShowsResponse,
  OkResponse,
  ReorderCustomElementsRequest,
  SaveThemeRequest,
  SaveThemeResponse,
  SetOverlayRequest,
  StudioQuery,
  StudioResponse,
  ThemesQuery,
  ThemesResponse,
  UpdateCustomElementRequest,
  UpdateOfferStateRequest,
} from "@onstage/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireViewer } from "../../kernel/identity/viewer";
import { sniffImageType } from "../../platform/images/images";
import { registerImageUploads } from "../../platform/images/uploads";
import type { StudioService } from "./service";

const tags = ["studio"];
const OK = { ok: true as const };

const BrandImageQuery = z
  .object({ video_session_id: z.coerce.number().int().positive(), kind: z.enum(["logo", "background"]) })
  .strict();

/** Spec 3 §5: the `image` part, refused with the brand's own words (one file, the size, the type by content). */
async function readBrandImage(req: FastifyRequest): Promise<Buffer> {
  const file = await req.file().catch(() => undefined);
  if (file?.fieldname !== "image") throw BadRequest("brand_image_count");
  const bytes = await file.toBuffer().catch(() => null);
  if (!bytes || file.file.truncated) throw BadRequest("brand_image_too_large");
  if (!sniffImageType(bytes)) throw BadRequest("brand_image_type");
  return bytes;
}

/** Spec 3 §7's studio operations as REST, for the session's studio admins (reads: its readers). */
export function studioRoutes(studio: StudioService): FastifyPluginAsyncZod {
  return async (app) => {
    // Writes need a signed-in user before anything else: an anonymous caller learns nothing.
    app.addHook("preValidation", async (req) => {
      if (req.method !== "GET") requireViewer(req);
    });

    app.get(
      "/api/video-session/studio",
      {
        schema: {
          tags,
          summary: "The session's studio: custom elements, the overlay on air, the loaded template",
          querystring: StudioQuery,
          response: { 200: StudioResponse },
        },
      },
      async (req) => studio.read(req.viewerUserId, req.query.video_session_id, req.browserKey),
    );

    app.get(
      "/api/video-session/offer-shows",
      {
        schema: {
          tags,
          summary: "The session's calls to action as they were on air, and when (for the replay)",
          querystring: OfferShowsQuery,
          response: { 200: OfferShowsResponse },
        },
      },
      async (req) => ({
        shows: await studio.offerShows(req.viewerUserId, req.query.video_session_id, req.browserKey),
      }),
    );

    app.post(
      "/api/custom-elements",
      {
        schema: {
          tags,
          summary:
            "Create a custom element: a title overlay, a link CTA (offer) or the brand colour (spec 3 §7)",
          body: CreateCustomElementRequest,
          response: { 201: CustomElementResponse },
        },
      },
      async (req, reply) => {
        const element = await studio.create(requireViewer(req), req.body);
        reply.code(201);
        return { element };
      },
    );

    app.post(
      "/api/custom-elements/update",
      {
        schema: {
          tags,
          summary: "Update a custom element: custom_element_id and data {value, title, options}",
          body: UpdateCustomElementRequest,
          response: { 200: CustomElementResponse },
        },
      },
      async (req) => ({ element: await studio.update(requireViewer(req), req.body) }),
    );

    app.post(
      "/api/custom-elements/delete",
      {
        schema: {
          tags,
          summary: "Delete a custom element",
          body: DeleteCustomElementRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await studio.remove(requireViewer(req), req.body.custom_element_id);
        return OK;
      },
    );

    app.post(
      "/api/custom-elements/reorder",
      {
        schema: {
          tags,
          summary: "Reorder the session's title overlays",
          body: ReorderCustomElementsRequest,
          response: { 200: StudioResponse },
        },
      },
      async (req) => studio.reorder(requireViewer(req), req.body),
    );

    app.post(
      "/api/video-session/overlay",
      {
        schema: {
          tags,
          summary: "Add or remove an overlay: show a title (for 5 s with quick) or hide it (spec 3 §7)",
          body: SetOverlayRequest,
          response: { 200: StudioResponse },
        },
      },
      async (req) => studio.setOverlay(requireViewer(req), req.body),
    );

    app.post(
      "/api/video-session/update-offer-state",
      {
        schema: {
          tags,
          summary: "Show a call to action (offer_state: [{id}]) or hide it ([]) (spec 3 §7)",
          body: UpdateOfferStateRequest,
          response: { 200: StudioResponse },
        },
      },
      async (req) => studio.setOfferState(requireViewer(req), req.body),
    );

    app.post(
      "/api/offers/click",
      {
        schema: {
          tags,
          summary: "A viewer opened the call to action on air: counted once per person",
          body: OfferClickRequest,
          response: { 200: OfferClickResponse },
        },
      },
      async (req) => ({ clicks: await studio.clickOffer(requireViewer(req), req.body.custom_element_id) }),
    );

    await app.register(async (scope) => {
      await registerImageUploads(scope);
      scope.withTypeProvider<ZodTypeProvider>().post(
        "/api/video-session/brand-image",
        {
          schema: {
            tags,
            summary: "Upload the logo or background (multipart field `image`, PNG or JPEG, at most 10 MB)",
            consumes: ["multipart/form-data"],
            querystring: BrandImageQuery,
            response: { 200: CustomElementResponse },
          },
        },
        async (req) => {
          const { video_session_id, kind } = req.query;
          const upload = () => readBrandImage(req);
          return { element: await studio.setBrandImage(requireViewer(req), video_session_id, kind, upload) };
        },
      );
    });

    app.get(
      "/api/themes",
      {
        schema: {
          tags,
          summary: "The organization's templates (studio admins of the session)",
          querystring: ThemesQuery,
          response: { 200: ThemesResponse },
        },
      },
      async (req) => ({ themes: await studio.themes(requireViewer(req), req.query.video_session_id) }),
    );

    app.post(
      "/api/themes/save",
      {
        schema: {
          tags,
          summary: "Save the session's elements as a new template, or update `theme_id` (spec 3 §5)",
          body: SaveThemeRequest,
          response: { 200: SaveThemeResponse },
        },
      },
      async (req) => studio.saveTheme(requireViewer(req), req.body),
    );

    app.post(
      "/api/themes/apply",
      {
        schema: {
          tags,
          summary: "Apply a template to the session",
          body: ApplyThemeRequest,
          response: { 200: StudioResponse },
        },
      },
      async (req) => studio.applyTheme(requireViewer(req), req.body.theme_id, req.body.video_session_id),
    );

    app.post(
      "/api/themes/delete",
      {
        schema: {
          tags,
          summary: "Delete a template",
          body: DeleteThemeRequest,
          response: { 200: OkResponse },
        },
      },
      async (req) => {
        await studio.deleteTheme(requireViewer(req), req.body.theme_id, req.body.video_session_id);
        return OK;
      },
    );
  };
}
