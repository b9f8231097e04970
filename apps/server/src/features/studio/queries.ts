import {
  type CustomElement,
  type CustomElementType,
  DEFAULT_CURRENCY,
  type OfferShow,
  type OfferState,
  type OverlayState,
  type Theme,
} from "@onstage/domain";
import type { Queryable } from "../../platform/database";

// Spec 3 §3 studio rows: custom_elements of a session (video_session_id) or of a template (theme_id),
// the session's overlays on air (video_sessions.overlays, overlays_updated_at, theme_id), the CTA on air
// (video_sessions.offer_state: [{id, shownAt}] or []), clicks on CTAs (offer_clicks) and themes.

interface ElementRow {
  id: number;
  type: CustomElementType;
  title: string;
  value: string;
  order: number;
  options: Record<string, unknown>;
}

const ELEMENT_COLUMNS = `id, type, title, value, "order", options`;
const ELEMENT_ORDER = `ORDER BY type, "order", id`;

const toElement = (row: ElementRow): CustomElement => ({ ...row, id: Number(row.id) });

export async function sessionElements(db: Queryable, sessionId: number): Promise<CustomElement[]> {
  const rows = await db.query<ElementRow>(
    `SELECT ${ELEMENT_COLUMNS} FROM custom_elements WHERE video_session_id = $1 ${ELEMENT_ORDER}`,
    [sessionId],
  );
  return rows.map(toElement);
}

export interface SessionStudioRow {
  themeId: number | null;
  overlay: OverlayState;
  offer: OfferState;
}

/** offer_state as this server writes it; anything else reads as nothing on air. */
function offerOf(state: unknown): OfferState {
  const [first] = Array.isArray(state) ? state : [];
  const shown = first as { id?: unknown; shownAt?: unknown } | undefined;
  return typeof shown?.id === "number" && typeof shown.shownAt === "string"
    ? { shown: shown.id, shownAt: shown.shownAt }
    : { shown: null, shownAt: null };
}

export async function sessionStudio(db: Queryable, sessionId: number): Promise<SessionStudioRow | null> {
  const [row] = await db.query<{
    theme_id: number | null;
    overlays: unknown;
    overlays_updated_at: Date | null;
    offer_state: unknown;
  }>(`SELECT theme_id, overlays, overlays_updated_at, offer_state FROM video_sessions WHERE id = $1`, [
    sessionId,
  ]);
  if (!row) return null;
  const shown = Array.isArray(row.overlays) && typeof row.overlays[0] === "number" ? row.overlays[0] : null;
  return {
    themeId: row.theme_id === null ? null : Number(row.theme_id),
    overlay: { shown, lastUpdated: row.overlays_updated_at?.toISOString() ?? null },
    offer: offerOf(row.offer_state),
  };
}

/** Spec 3 §5 contribution CTAs: whether the channel takes payments, and the event's ticket currency. */
export async function contributionSettings(
  db: Queryable,
  sessionId: number,
): Promise<{ accountConnected: boolean; defaultCurrency: string }> {
  const [row] = await db.query<{ connected: boolean; currency: string }>(
    `SELECT o.stripe_connect_id IS NOT NULL AND o.stripe_connect_charges_enabled AS connected,
            e.event_ticket_currency AS currency
       FROM video_sessions s JOIN events e ON e.id = s.event_id JOIN organizations o ON o.id = e.organization_id
      WHERE s.id = $1`,
    [sessionId],
  );
  return { accountConnected: row?.connected ?? false, defaultCurrency: row?.currency ?? DEFAULT_CURRENCY };
}

/** Holds the session's studio row to the transaction's end: studio changes of one session take turns. */
export async function lockSessionStudio(tx: Queryable, sessionId: number): Promise<void> {
  await tx.query(`SELECT id FROM video_sessions WHERE id = $1 FOR UPDATE`, [sessionId]);
}

export interface ElementOwner {
  sessionId: number;
  type: CustomElementType;
}

/** A session's element (a template's copy is not reached by id from the studio). */
export async function findSessionElement(db: Queryable, elementId: number): Promise<ElementOwner | null> {
  const [row] = await db.query<{ sessionId: number; type: CustomElementType }>(
    `SELECT video_session_id AS "sessionId", type FROM custom_elements
      WHERE id = $1 AND video_session_id IS NOT NULL`,
    [elementId],
  );
  return row ? { sessionId: Number(row.sessionId), type: row.type } : null;
}

export async function findElement(db: Queryable, elementId: number): Promise<CustomElement | null> {
  const [row] = await db.query<ElementRow>(`SELECT ${ELEMENT_COLUMNS} FROM custom_elements WHERE id = $1`, [
    elementId,
  ]);
  return row ? toElement(row) : null;
}

export async function insertElement(
  tx: Queryable,
  sessionId: number,
  element: Omit<CustomElement, "id">,
): Promise<CustomElement> {
  const [row] = await tx.query<ElementRow>(
    `INSERT INTO custom_elements (video_session_id, type, title, value, "order", options)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ELEMENT_COLUMNS}`,
    [sessionId, element.type, element.title, element.value, element.order, JSON.stringify(element.options)],
  );
  return toElement(row as ElementRow);
}

export async function updateElement(
  tx: Queryable,
  elementId: number,
  data: { title: string; value: string; options: Record<string, unknown> },
): Promise<void> {
  await tx.query(
    `UPDATE custom_elements SET title = $2, value = $3, options = $4, updated_at = now() WHERE id = $1`,
    [elementId, data.title, data.value, JSON.stringify(data.options)],
  );
}

export async function deleteElement(tx: Queryable, elementId: number): Promise<void> {
  await tx.query(`DELETE FROM custom_elements WHERE id = $1`, [elementId]);
}

/** Spec 3 §3: one logo, one background, one colour per session: the new one replaces the old. */
export async function deleteSessionElementsOfType(
  tx: Queryable,
  sessionId: number,
  type: CustomElementType,
): Promise<void> {
  await tx.query(`DELETE FROM custom_elements WHERE video_session_id = $1 AND type = $2`, [sessionId, type]);
}

export async function countSessionElementsOfType(
  db: Queryable,
  sessionId: number,
  type: CustomElementType,
): Promise<number> {
  const [row] = await db.query<{ count: string }>(
    `SELECT count(*) AS count FROM custom_elements WHERE video_session_id = $1 AND type = $2`,
    [sessionId, type],
  );
  return Number(row?.count ?? 0);
}

/** Numbers the elements in the order given, from 0. */
export async function setElementOrder(tx: Queryable, ids: readonly number[]): Promise<void> {
  await tx.query(
    `UPDATE custom_elements e SET "order" = o.position - 1, updated_at = now()
       FROM unnest($1::bigint[]) WITH ORDINALITY AS o(id, position) WHERE e.id = o.id`,
    [ids],
  );
}

export async function setOverlays(tx: Queryable, sessionId: number, shown: number | null): Promise<void> {
  await tx.query(`UPDATE video_sessions SET overlays = $2, overlays_updated_at = now() WHERE id = $1`, [
    sessionId,
    JSON.stringify(shown === null ? [] : [shown]),
  ]);
}

/**
 * Puts a CTA on air (shown at the database's now) or takes it off (null), and keeps its history: the
 * show on air ends now, and a new one begins with the CTA's label and link as they read now.
 */
export async function setOfferState(tx: Queryable, sessionId: number, shown: number | null): Promise<void> {
  await tx.query(
    `UPDATE video_sessions SET offer_state = CASE WHEN $2::bigint IS NULL THEN '[]'::jsonb
       ELSE jsonb_build_array(jsonb_build_object('id', $2::bigint,
              'shownAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) END
      WHERE id = $1`,
    [sessionId, shown],
  );
  await tx.query(
    `UPDATE offer_shows SET hidden_at = now() WHERE video_session_id = $1 AND hidden_at IS NULL`,
    [sessionId],
  );
  if (shown === null) return;
  await tx.query(
    `INSERT INTO offer_shows (video_session_id, custom_element_id, type, label, url, currency, shown_at)
     SELECT $1, id, type, title, value, CASE WHEN type = 'contribution' THEN options->>'currency' END, now()
       FROM custom_elements WHERE id = $2`,
    [sessionId, shown],
  );
}

/** The session's CTAs as they were on air, in order. */
export async function offerShows(db: Queryable, sessionId: number): Promise<OfferShow[]> {
  const rows = await db.query<{
    element_id: number | null;
    type: OfferShow["type"];
    label: string;
    url: string;
    currency: string | null;
    shown_at: Date;
    hidden_at: Date | null;
  }>(
    `SELECT custom_element_id AS element_id, type, label, url, currency, shown_at, hidden_at FROM offer_shows
      WHERE video_session_id = $1 ORDER BY shown_at, id`,
    [sessionId],
  );
  return rows.map((r) => ({
    elementId: r.element_id === null ? null : Number(r.element_id),
    type: r.type,
    label: r.label,
    value: r.url,
    currency: r.currency,
    shownAt: r.shown_at.toISOString(),
    hiddenAt: r.hidden_at?.toISOString() ?? null,
  }));
}

/** How many people clicked each of the session's CTAs (those clicked at least once). */
export async function offerClicks(db: Queryable, sessionId: number) {
  const rows = await db.query<{ elementId: number; clicks: string }>(
    `SELECT c.custom_element_id AS "elementId", count(*) AS clicks
       FROM offer_clicks c JOIN custom_elements e ON e.id = c.custom_element_id
      WHERE e.video_session_id = $1 GROUP BY c.custom_element_id ORDER BY c.custom_element_id`,
    [sessionId],
  );
  return rows.map((r) => ({ elementId: Number(r.elementId), clicks: Number(r.clicks) }));
}

/** Counts a person's click once; the CTA's count after it. */
export async function recordOfferClick(tx: Queryable, elementId: number, userId: number): Promise<number> {
  await tx.query(
    `INSERT INTO offer_clicks (custom_element_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [elementId, userId],
  );
  const [row] = await tx.query<{ clicks: string }>(
    `SELECT count(*) AS clicks FROM offer_clicks WHERE custom_element_id = $1`,
    [elementId],
  );
  return Number(row?.clicks ?? 0);
}

// --- Templates (themes) ---

interface ThemeRow {
  id: number;
  description: string;
  updated_at: Date;
  elements: ElementRow[];
  videos: Theme["videos"];
  files: Theme["files"];
}

const THEME_COLUMNS = `t.id, t.description, t.updated_at, coalesce((
  SELECT json_agg(json_build_object('id', e.id, 'type', e.type, 'title', e.title, 'value', e.value,
                                    'order', e."order", 'options', e.options) ORDER BY e.type, e."order", e.id)
    FROM custom_elements e WHERE e.theme_id = t.id), '[]'::json) AS elements,
  coalesce((SELECT json_agg(json_build_object('title', v.title, 'order', v."order") ORDER BY v."order", v.id)
    FROM video_shares v WHERE v.theme_id = t.id), '[]'::json) AS videos,
  coalesce((SELECT json_agg(json_build_object('displayname', f.displayname, 'order', f."order") ORDER BY f."order", f.id)
    FROM file_presentations f WHERE f.theme_id = t.id), '[]'::json) AS files`;

const toTheme = (row: ThemeRow): Theme => ({
  id: Number(row.id),
  description: row.description,
  updatedAt: row.updated_at.toISOString(),
  elements: row.elements.map(toElement),
  videos: row.videos,
  files: row.files,
});

export async function organizationThemes(db: Queryable, organizationId: number): Promise<Theme[]> {
  const rows = await db.query<ThemeRow>(
    `SELECT ${THEME_COLUMNS} FROM themes t WHERE t.organization_id = $1 ORDER BY t.description, t.id`,
    [organizationId],
  );
  return rows.map(toTheme);
}

export async function findTheme(
  db: Queryable,
  themeId: number,
  organizationId: number,
): Promise<Theme | null> {
  const [row] = await db.query<ThemeRow>(
    `SELECT ${THEME_COLUMNS} FROM themes t WHERE t.id = $1 AND t.organization_id = $2`,
    [themeId, organizationId],
  );
  return row ? toTheme(row) : null;
}

export async function insertTheme(
  tx: Queryable,
  organizationId: number,
  description: string,
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO themes (organization_id, description) VALUES ($1, $2) RETURNING id`,
    [organizationId, description],
  );
  return Number(row?.id);
}

export async function renameTheme(tx: Queryable, themeId: number, description: string): Promise<void> {
  await tx.query(`UPDATE themes SET description = $2, updated_at = now() WHERE id = $1`, [
    themeId,
    description,
  ]);
}

export async function deleteTheme(tx: Queryable, themeId: number): Promise<void> {
  await tx.query(`DELETE FROM themes WHERE id = $1`, [themeId]);
}

/** The theme's elements become copies of the session's. */
export async function copySessionElementsToTheme(tx: Queryable, sessionId: number, themeId: number) {
  await tx.query(`DELETE FROM custom_elements WHERE theme_id = $1`, [themeId]);
  await tx.query(
    `INSERT INTO custom_elements (theme_id, type, title, value, "order", options, config)
     SELECT $2, type, title, value, "order", options, config FROM custom_elements WHERE video_session_id = $1`,
    [sessionId, themeId],
  );
}

/** The session's elements become copies of the theme's, and the session remembers the theme. */
export async function copyThemeElementsToSession(tx: Queryable, themeId: number, sessionId: number) {
  await tx.query(`DELETE FROM custom_elements WHERE video_session_id = $1`, [sessionId]);
  await tx.query(
    `INSERT INTO custom_elements (video_session_id, type, title, value, "order", options, config)
     SELECT $2, type, title, value, "order", options, config FROM custom_elements WHERE theme_id = $1`,
    [themeId, sessionId],
  );
  await setSessionTheme(tx, sessionId, themeId);
}

export async function setSessionTheme(tx: Queryable, sessionId: number, themeId: number | null) {
  await tx.query(`UPDATE video_sessions SET theme_id = $2 WHERE id = $1`, [sessionId, themeId]);
}
