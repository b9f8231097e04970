import {
  BadRequest,
  BRAND_ELEMENT_TITLE,
  Conflict,
  type CreateCustomElementRequest,
  type CustomElement,
  contributionOfferRefusal,
  isBrandColor,
  isOfferType,
  linkOfferRefusal,
  NotFound,
  nextOfferOrder,
  OVERLAY_QUICK_SHOW_MS,
  publicStudio,
  type ReorderCustomElementsRequest,
  type SaveThemeRequest,
  type SetOverlayRequest,
  type StudioElementType,
  type StudioFeature,
  type StudioResponse,
  type Theme,
  templateName,
  templateNameExists,
  titleOverlayRefusal,
  type UpdateCustomElementRequest,
  type UpdateOfferStateRequest,
} from "@onstage/domain";
import type { z } from "zod";
import { requireTopicReader } from "../../kernel/access/topic-access";
import type { Queryable } from "../../platform/database";
import { type ImageUpload, storeImage } from "../../platform/images/uploads";
import type { FeatureDeps } from "../deps";
import { limitAudienceWrite } from "../rate-limits/service";
import { copySessionLibraryToTheme, copyThemeLibraryToSession, themeLibraryKeys } from "./library/queries";
import { removeUnreferenced } from "./library/storage";
import * as q from "./queries";
import { readStudio, requireStudioAdmin, sessionTopic, studioChange } from "./studio-change";

export type StudioDeps = Pick<FeatureDeps, "db" | "realtime" | "storage" | "log" | "clock">;

type CreateInput = z.output<typeof CreateCustomElementRequest>;
type UpdateInput = z.output<typeof UpdateCustomElementRequest>;
type ReorderInput = z.output<typeof ReorderCustomElementsRequest>;
type OverlayInput = z.output<typeof SetOverlayRequest>;
type SaveThemeInput = z.output<typeof SaveThemeRequest>;
type OfferStateInput = z.output<typeof UpdateOfferStateRequest>;

/** The studio section each element type belongs to (spec 3 §2), for the RTMP-mode rule. */
const SECTION: Record<StudioElementType, StudioFeature> = {
  title: "overlays",
  primary_color: "brand",
  logo: "brand",
  background: "brand",
  offer: "ctas",
  contribution: "ctas",
};

/** What a brand image becomes: a logo keeps its shape and transparency; a background fills the frame. */
const BRAND_IMAGE = {
  logo: { size: { width: 800, height: 400 }, output: { fit: "inside", format: "png" } },
  background: { size: { width: 1920, height: 1080 }, output: { fit: "cover", format: "jpeg" } },
} as const;

type Options = CustomElement["options"];

/**
 * A title's title and subtitle by spec 3 §5; a CTA's label and URL, or label, prompt and currency
 * (`options.currency`); a colour a hex string; the brand titles fixed.
 */
function checkedElement(type: StudioElementType, title: string, value: string, options: Options) {
  if (type === "title") {
    const refusal = titleOverlayRefusal({ title, subtitle: value });
    if (refusal) throw BadRequest(refusal);
    return { title: title.trim(), value, options };
  }
  if (type === "offer") {
    const refusal = linkOfferRefusal({ label: title, url: value });
    if (refusal) throw BadRequest(refusal);
    return { title: title.trim(), value: value.trim(), options };
  }
  if (type === "contribution") {
    const currency = typeof options.currency === "string" ? options.currency : "";
    const refusal = contributionOfferRefusal({ label: title, prompt: value, currency });
    if (refusal) throw BadRequest(refusal);
    return { title: title.trim(), value: value.trim(), options: { currency } };
  }
  if (type === "primary_color" && !isBrandColor(value)) throw BadRequest("bad_brand_color");
  // Logos and backgrounds are images this server stored: only the upload sets their value.
  if (type !== "primary_color") throw BadRequest("brand_image_upload");
  return { title: BRAND_ELEMENT_TITLE[type], value: value.toUpperCase(), options };
}

/** Spec 3 §5: a contribution CTA needs the channel's connected payment account. */
async function requirePaymentAccount(tx: Queryable, sessionId: number) {
  const settings = await q.contributionSettings(tx, sessionId);
  if (!settings.accountConnected) throw Conflict("payment_account_required");
  return settings;
}

const asStudioType = (type: string): StudioElementType | null =>
  type in SECTION ? (type as StudioElementType) : null;

export function studioService(deps: StudioDeps) {
  const { db, storage } = deps;
  const quickHides = new Set<NodeJS.Timeout>();

  const change = studioChange(deps);

  /** The element of a session the viewer administers, with its studio type (others are not the studio's). */
  async function elementOf(viewerUserId: number, elementId: number) {
    const owner = await q.findSessionElement(db, elementId);
    const type = owner && asStudioType(owner.type);
    if (!owner || !type) throw NotFound("element_not_found");
    await requireStudioAdmin(db, viewerUserId, owner.sessionId, SECTION[type]);
    return { sessionId: owner.sessionId, type };
  }

  /** Spec 2 §9's quick-show: the title hides after 5 s unless the overlay changed meanwhile. */
  function scheduleQuickHide(sessionId: number, shownAt: string | null) {
    const timer = setTimeout(() => {
      quickHides.delete(timer);
      void change(sessionId, async (tx) => {
        const row = await q.sessionStudio(tx, sessionId);
        if (row && row.overlay.lastUpdated === shownAt) await q.setOverlays(tx, sessionId, null);
      }).catch((err: unknown) => deps.log.warn({ err, sessionId }, "studio: the quick-show's hide failed"));
    }, OVERLAY_QUICK_SHOW_MS);
    timer.unref();
    quickHides.add(timer);
  }

  return {
    async read(
      viewerUserId: number | null,
      sessionId: number,
      browserKey: string | null,
    ): Promise<StudioResponse> {
      const access = await requireTopicReader(db, viewerUserId, sessionTopic(sessionId), browserKey);
      // Titles and CTAs the team has not shown yet are theirs until shown (spec 2 §2: studio admins).
      const isTeam = access.flags.isStudioAdmin;
      const studio = await readStudio(db, sessionId, isTeam);
      return isTeam ? studio : publicStudio(studio);
    },

    async create(viewerUserId: number, input: CreateInput): Promise<CustomElement> {
      const type = input.custom_element_type_fkey;
      await requireStudioAdmin(db, viewerUserId, input.video_session_id, SECTION[type]);
      let options = input.options ?? {};
      if (type === "contribution") {
        // Spec 3 §5: the currency defaults to the event's ticket currency (USD when it has none).
        const { defaultCurrency } = await requirePaymentAccount(db, input.video_session_id);
        options = { currency: defaultCurrency, ...options };
      }
      const checked = checkedElement(type, input.title, input.value, options);
      const { result } = await change(input.video_session_id, async (tx) => {
        if (type === "primary_color") await q.deleteSessionElementsOfType(tx, input.video_session_id, type);
        // Spec 3 §4: a new element goes last among its kind; a new offer's order counts every CTA.
        const order =
          input.order ??
          (isOfferType(type)
            ? nextOfferOrder(await q.sessionElements(tx, input.video_session_id))
            : await q.countSessionElementsOfType(tx, input.video_session_id, type));
        return q.insertElement(tx, input.video_session_id, { type, ...checked, order });
      });
      return result;
    },

    async update(viewerUserId: number, input: UpdateInput): Promise<CustomElement> {
      const { sessionId, type } = await elementOf(viewerUserId, input.custom_element_id);
      const { result } = await change(sessionId, async (tx) => {
        const current = await q.findElement(tx, input.custom_element_id);
        if (!current) throw NotFound("element_not_found");
        const checked = checkedElement(
          type,
          input.data.title ?? current.title,
          input.data.value ?? current.value,
          input.data.options ?? current.options,
        );
        await q.updateElement(tx, current.id, checked);
        // A CTA edited on air goes on air again as it now reads (its replay shows each version).
        if ((await q.sessionStudio(tx, sessionId))?.offer.shown === current.id)
          await q.setOfferState(tx, sessionId, current.id);
        return { ...current, ...checked };
      });
      return result;
    },

    async remove(viewerUserId: number, elementId: number): Promise<void> {
      const { sessionId } = await elementOf(viewerUserId, elementId);
      await change(sessionId, async (tx) => {
        const row = await q.sessionStudio(tx, sessionId);
        // A title or a CTA deleted while on air leaves the air with it.
        if (row?.overlay.shown === elementId) await q.setOverlays(tx, sessionId, null);
        if (row?.offer.shown === elementId) await q.setOfferState(tx, sessionId, null);
        await q.deleteElement(tx, elementId);
      });
    },

    /** The session's title overlays in a new order: exactly its titles, each once. */
    async reorder(viewerUserId: number, input: ReorderInput): Promise<StudioResponse> {
      await requireStudioAdmin(db, viewerUserId, input.video_session_id, "overlays");
      const { studio } = await change(input.video_session_id, async (tx) => {
        const titles = (await q.sessionElements(tx, input.video_session_id)).filter(
          (e) => e.type === "title",
        );
        const given = new Set(input.order);
        if (
          given.size !== input.order.length ||
          given.size !== titles.length ||
          titles.some((t) => !given.has(t.id))
        )
          throw BadRequest("bad_order");
        await q.setElementOrder(tx, input.order);
      });
      return studio;
    },

    /** Spec 3 §4, §7 add or remove an overlay: one title on air at a time. */
    async setOverlay(viewerUserId: number, input: OverlayInput): Promise<StudioResponse> {
      const sessionId = input.video_session_id;
      await requireStudioAdmin(db, viewerUserId, sessionId, "overlays");
      const { studio } = await change(sessionId, async (tx) => {
        const row = await q.sessionStudio(tx, sessionId);
        // Two admins at once: the second acted on what it no longer sees.
        if (input.last_updated !== undefined && row && input.last_updated !== row.overlay.lastUpdated)
          throw Conflict("overlay_changed");
        if (input.overlay !== null) {
          const element = await q.findSessionElement(tx, input.overlay);
          if (element?.sessionId !== sessionId || element.type !== "title")
            throw NotFound("element_not_found");
        }
        await q.setOverlays(tx, sessionId, input.overlay);
      });
      if (input.quick && input.overlay !== null) scheduleQuickHide(sessionId, studio.overlay.lastUpdated);
      return studio;
    },

    /** Spec 3 §4, §7 update-offer-state: one CTA on air (its id in offer_state), or none. */
    async setOfferState(viewerUserId: number, input: OfferStateInput): Promise<StudioResponse> {
      const sessionId = input.video_session_id;
      const access = await requireStudioAdmin(db, viewerUserId, sessionId, "ctas");
      if (access.event.id !== input.event_id) throw NotFound("session_not_found");
      const shown = input.offer_state[0]?.id ?? null;
      const { studio } = await change(sessionId, async (tx) => {
        if (shown !== null) {
          const element = await q.findSessionElement(tx, shown);
          if (element?.sessionId !== sessionId || !isOfferType(element.type))
            throw NotFound("element_not_found");
          // A contribution on air that cannot take money would only fail its donors.
          if (element.type === "contribution") await requirePaymentAccount(tx, sessionId);
        }
        await q.setOfferState(tx, sessionId, shown);
      });
      return studio;
    },

    /** The session's CTAs as they were on air, for the replay (anyone who reads the session). */
    async offerShows(viewerUserId: number | null, sessionId: number, browserKey: string | null) {
      await requireTopicReader(db, viewerUserId, sessionTopic(sessionId), browserKey);
      return q.offerShows(db, sessionId);
    },

    /** A viewer opened the CTA on air: counted once per person, within the audience's limits. */
    async clickOffer(viewerUserId: number, elementId: number): Promise<number> {
      const owner = await q.findSessionElement(db, elementId);
      if (!owner) throw NotFound("element_not_found");
      await requireTopicReader(db, viewerUserId, sessionTopic(owner.sessionId));
      const now = deps.clock().getTime();
      return db.transaction(async (tx) => {
        const row = await q.sessionStudio(tx, owner.sessionId);
        if (row?.offer.shown !== elementId) throw Conflict("offer_not_shown");
        await limitAudienceWrite(tx, now, {
          action: "offer_click",
          userId: viewerUserId,
          sessionId: owner.sessionId,
        });
        return q.recordOfferClick(tx, elementId, viewerUserId);
      });
    },

    /** Spec 3 §5, §7: a logo or a background, stored under organization/{org}/assets. */
    async setBrandImage(
      viewerUserId: number,
      sessionId: number,
      kind: "logo" | "background",
      upload: ImageUpload,
    ): Promise<CustomElement> {
      const access = await requireStudioAdmin(db, viewerUserId, sessionId, "brand");
      const { size, output } = BRAND_IMAGE[kind];
      const url = await storeImage(storage, access.event.organizationId, upload, size, output);
      const { result } = await change(sessionId, async (tx) => {
        await q.deleteSessionElementsOfType(tx, sessionId, kind);
        return q.insertElement(tx, sessionId, {
          type: kind,
          title: BRAND_ELEMENT_TITLE[kind],
          value: url,
          order: 0,
          options: {},
        });
      });
      return result;
    },

    async themes(viewerUserId: number, sessionId: number): Promise<Theme[]> {
      const access = await requireStudioAdmin(db, viewerUserId, sessionId, null);
      return q.organizationThemes(db, access.event.organizationId);
    },

    /** Spec 3 §5: a new template (or `theme_id` updated) from the session; a duplicate name still saves. */
    async saveTheme(
      viewerUserId: number,
      input: SaveThemeInput,
    ): Promise<{ theme: Theme; titleExists: boolean }> {
      const sessionId = input.video_session_id;
      const organizationId = (await requireStudioAdmin(db, viewerUserId, sessionId, null)).event
        .organizationId;
      const name = templateName(input.description);
      if (!name) throw BadRequest("template_name_required");
      const { result } = await change(sessionId, async (tx) => {
        const others = (await q.organizationThemes(tx, organizationId)).filter(
          (t) => t.id !== input.theme_id,
        );
        let themeId = input.theme_id ?? null;
        if (themeId === null) themeId = await q.insertTheme(tx, organizationId, name);
        else if (await q.findTheme(tx, themeId, organizationId)) await q.renameTheme(tx, themeId, name);
        else throw NotFound("theme_not_found");
        await q.copySessionElementsToTheme(tx, sessionId, themeId);
        const dropped = await copySessionLibraryToTheme(tx, sessionId, themeId);
        await q.setSessionTheme(tx, sessionId, themeId);
        const theme = await q.findTheme(tx, themeId, organizationId);
        if (!theme) throw NotFound("theme_not_found");
        return { theme, titleExists: templateNameExists(name, others), dropped };
      });
      // A template updated without a video or deck it had: its files go once nothing refers to them.
      await removeUnreferenced(db, storage, result.dropped);
      return { theme: result.theme, titleExists: result.titleExists };
    },

    /** Spec 3 §7 apply a theme to a session: its elements replace the session's; nothing stays on air. */
    async applyTheme(viewerUserId: number, themeId: number, sessionId: number): Promise<StudioResponse> {
      const organizationId = (await requireStudioAdmin(db, viewerUserId, sessionId, null)).event
        .organizationId;
      const { studio } = await change(sessionId, async (tx) => {
        if (!(await q.findTheme(tx, themeId, organizationId))) throw NotFound("theme_not_found");
        await q.setOverlays(tx, sessionId, null);
        await q.setOfferState(tx, sessionId, null);
        await q.copyThemeElementsToSession(tx, themeId, sessionId);
        await copyThemeLibraryToSession(tx, themeId, sessionId);
      });
      return studio;
    },

    async deleteTheme(viewerUserId: number, themeId: number, sessionId: number): Promise<void> {
      const organizationId = (await requireStudioAdmin(db, viewerUserId, sessionId, null)).event
        .organizationId;
      // The session that had it loaded has no template after (the row's foreign key sets it null).
      const { result: keys } = await change(sessionId, async (tx) => {
        if (!(await q.findTheme(tx, themeId, organizationId))) throw NotFound("theme_not_found");
        const held = await themeLibraryKeys(tx, themeId);
        await q.deleteTheme(tx, themeId);
        return held;
      });
      await removeUnreferenced(db, storage, keys);
    },

    stop(): void {
      for (const timer of quickHides) clearTimeout(timer);
      quickHides.clear();
    },
  };
}

export type StudioService = ReturnType<typeof studioService>;
