import {
  CustomElementResponse,
  OfferClickResponse,
  OfferShowsResponse,
  SaveThemeResponse,
  type StudioElementType,
  StudioResponse,
  ThemesResponse,
} from "@onstage/domain";
import { api, apiNoContent, jsonBody, uploadWithProgress } from "../../api";

// Spec 3 §7's studio calls. Requests use the spec's snake_case names; answers are camelCase.

export const studioKeys = {
  studio: (sessionId: number) => ["studio", sessionId] as const,
  team: (sessionId: number) => ["studio", sessionId, "team"] as const,
  offerShows: (sessionId: number) => ["studio", sessionId, "offer-shows"] as const,
  themes: (sessionId: number) => ["studio", sessionId, "themes"] as const,
};

export const fetchStudio = (sessionId: number) =>
  api(`/api/video-session/studio?video_session_id=${sessionId}`, StudioResponse);

/** Options the studio sets: a contribution CTA's currency (spec 3 §3). */
type ElementOptions = { currency?: string };

export const createElement = (input: {
  sessionId: number;
  type: StudioElementType;
  title: string;
  value: string;
  options?: ElementOptions;
}) =>
  api(
    "/api/custom-elements",
    CustomElementResponse,
    jsonBody({
      video_session_id: input.sessionId,
      custom_element_type_fkey: input.type,
      title: input.title,
      value: input.value,
      ...(input.options ? { options: input.options } : {}),
    }),
  );

export const updateElement = (
  elementId: number,
  data: { title?: string; value?: string; options?: ElementOptions },
) =>
  api("/api/custom-elements/update", CustomElementResponse, jsonBody({ custom_element_id: elementId, data }));

export const deleteElement = (elementId: number) =>
  apiNoContent("/api/custom-elements/delete", jsonBody({ custom_element_id: elementId }));

export const reorderElements = (sessionId: number, order: number[]) =>
  apiNoContent("/api/custom-elements/reorder", jsonBody({ video_session_id: sessionId, order }));

/** Spec 3 §7 add or remove an overlay; `quick`: shown for 5 s (spec 2 §9). */
export const setOverlay = (input: {
  sessionId: number;
  overlay: number | null;
  lastUpdated: string | null;
  quick?: boolean;
}) =>
  api(
    "/api/video-session/overlay",
    StudioResponse,
    jsonBody({
      video_session_id: input.sessionId,
      overlay: input.overlay,
      last_updated: input.lastUpdated,
      ...(input.quick ? { quick: true } : {}),
    }),
  );

/** Spec 3 §7: a logo or background to `organization/{org}/assets`, becoming the session's brand element. */
export const uploadBrandImage = (
  sessionId: number,
  kind: "logo" | "background",
  file: File,
  onProgress: (fraction: number) => void,
) => {
  const form = new FormData();
  form.append("image", file);
  return uploadWithProgress(
    `/api/video-session/brand-image?video_session_id=${sessionId}&kind=${kind}`,
    form,
    CustomElementResponse,
    onProgress,
  );
};

export const fetchThemes = (sessionId: number) =>
  api(`/api/themes?video_session_id=${sessionId}`, ThemesResponse);

export const saveTheme = (input: { sessionId: number; description: string; themeId: number | null }) =>
  api(
    "/api/themes/save",
    SaveThemeResponse,
    jsonBody({ video_session_id: input.sessionId, description: input.description, theme_id: input.themeId }),
  );

export const applyTheme = (themeId: number, sessionId: number) =>
  api("/api/themes/apply", StudioResponse, jsonBody({ theme_id: themeId, video_session_id: sessionId }));

export const deleteTheme = (themeId: number, sessionId: number) =>
  apiNoContent("/api/themes/delete", jsonBody({ theme_id: themeId, video_session_id: sessionId }));

/** Spec 3 §7 update-offer-state: the CTA to show, or null to hide. */
export const setOfferState = (input: { sessionId: number; eventId: number; offer: number | null }) =>
  api(
    "/api/video-session/update-offer-state",
    StudioResponse,
    jsonBody({
      video_session_id: input.sessionId,
      event_id: input.eventId,
      offer_state: input.offer === null ? [] : [{ id: input.offer }],
    }),
  );

/** A viewer opened the CTA on air (counted once per person). */
export const clickOffer = (elementId: number) =>
  api("/api/offers/click", OfferClickResponse, jsonBody({ custom_element_id: elementId }));

/** The session's CTAs as they were on air, for the replay. */
export const fetchOfferShows = (sessionId: number) =>
  api(`/api/video-session/offer-shows?video_session_id=${sessionId}`, OfferShowsResponse);
