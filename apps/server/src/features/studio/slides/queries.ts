import type {
  FilePresentation,
  ShownSlides,
  SlideConversionState,
  SlideFileType,
  SlideState,
} from "@onstage/domain";
import type { Queryable } from "../../../platform/database";

// Typed SQL of file presentations (spec 3 §3): a session's decks, their conversion and the one on air.

interface Row {
  id: number;
  organization_id: number;
  video_session_id: number;
  displayname: string;
  file_key: string;
  file_type: SlideFileType;
  conversion_state: SlideConversionState;
  conversion_error: string | null;
  page_count: number;
  pages_done: number;
  page_urls: string[];
  is_active: boolean;
  state: Partial<SlideState>;
  order: number;
}

export interface StoredPresentation extends FilePresentation {
  organizationId: number;
  sessionId: number;
  fileKey: string;
  pageUrls: string[];
}

const COLUMNS = `id, organization_id, video_session_id, displayname, file_key, file_type, conversion_state,
  conversion_error, page_count, pages_done, page_urls, is_active, state, "order"`;

const toPresentation = (r: Row): StoredPresentation => ({
  id: Number(r.id),
  organizationId: Number(r.organization_id),
  sessionId: Number(r.video_session_id),
  fileKey: r.file_key,
  pageUrls: r.page_urls,
  displayname: r.displayname,
  fileType: r.file_type,
  order: r.order,
  isActive: r.is_active,
  state: { presenterId: r.state.presenterId ?? null, position: r.state.position ?? 1 },
  conversion: {
    state: r.conversion_state,
    error: r.conversion_error,
    pagesDone: r.pages_done,
    pageCount: r.page_count,
  },
});

/** The team's view of a presentation (the stored key and page list stay on the server). */
export const listed = ({
  organizationId,
  sessionId,
  fileKey,
  pageUrls,
  ...p
}: StoredPresentation): FilePresentation => p;

export async function sessionPresentations(db: Queryable, sessionId: number): Promise<StoredPresentation[]> {
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM file_presentations WHERE video_session_id = $1 ORDER BY "order", id`,
    [sessionId],
  );
  return rows.map(toPresentation);
}

export async function findPresentation(db: Queryable, id: number): Promise<StoredPresentation | null> {
  const [r] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM file_presentations WHERE id = $1 AND video_session_id IS NOT NULL`,
    [id],
  );
  return r ? toPresentation(r) : null;
}

/** The presentation on the program scene (spec 3 §4: one at a time), for every viewer. */
export async function shownSlides(db: Queryable, sessionId: number): Promise<ShownSlides | null> {
  const [r] = await db.query<Row>(
    `SELECT ${COLUMNS} FROM file_presentations WHERE video_session_id = $1 AND is_active`,
    [sessionId],
  );
  if (!r) return null;
  const p = toPresentation(r);
  return { id: p.id, presenterId: p.state.presenterId, position: p.state.position, pageUrls: p.pageUrls };
}

export async function insertPresentation(
  tx: Queryable,
  p: {
    organizationId: number;
    sessionId: number;
    displayname: string;
    fileKey: string;
    fileType: SlideFileType;
  },
): Promise<StoredPresentation> {
  const [r] = await tx.query<Row>(
    `INSERT INTO file_presentations (organization_id, video_session_id, displayname, file_key, file_type, "order")
     VALUES ($1, $2, $3, $4, $5,
       (SELECT coalesce(max("order"), 0) + 1 FROM file_presentations WHERE video_session_id = $2))
     RETURNING ${COLUMNS}`,
    [p.organizationId, p.sessionId, p.displayname, p.fileKey, p.fileType],
  );
  if (!r) throw new Error("file presentation not stored");
  return toPresentation(r);
}

export async function setConversion(
  db: Queryable,
  id: number,
  c: {
    state: SlideConversionState;
    error?: string | null;
    pagesDone: number;
    pageCount: number;
    pageUrls?: string[];
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE file_presentations SET conversion_state = $2, conversion_error = $3, pages_done = $4, page_count = $5,
       page_urls = coalesce($6::jsonb, page_urls), updated_at = now()
     WHERE id = $1 RETURNING id`,
    [id, c.state, c.error ?? null, c.pagesDone, c.pageCount, c.pageUrls ? JSON.stringify(c.pageUrls) : null],
  );
  return rows.length > 0;
}

/** Stops whatever presentation of the session is on air. */
export async function deactivateSession(tx: Queryable, sessionId: number): Promise<void> {
  await tx.query(
    `UPDATE file_presentations SET is_active = false, state = state || '{"presenterId": null}'::jsonb,
       updated_at = now() WHERE video_session_id = $1 AND is_active`,
    [sessionId],
  );
}

export async function setActive(tx: Queryable, id: number, state: SlideState): Promise<void> {
  await tx.query(
    `UPDATE file_presentations SET is_active = true, state = $2::jsonb, updated_at = now() WHERE id = $1`,
    [id, JSON.stringify(state)],
  );
}

export async function setPosition(tx: Queryable, id: number, position: number): Promise<void> {
  await tx.query(
    `UPDATE file_presentations SET state = state || jsonb_build_object('position', $2::int), updated_at = now()
     WHERE id = $1`,
    [id, position],
  );
}

export async function rename(tx: Queryable, id: number, displayname: string): Promise<void> {
  await tx.query("UPDATE file_presentations SET displayname = $2, updated_at = now() WHERE id = $1", [
    id,
    displayname,
  ]);
}

export async function deletePresentation(tx: Queryable, id: number): Promise<void> {
  await tx.query("DELETE FROM file_presentations WHERE id = $1", [id]);
}

export async function setOrder(
  tx: Queryable,
  order: readonly { id: number; order: number }[],
): Promise<void> {
  await tx.query(
    `UPDATE file_presentations f SET "order" = o.ord, updated_at = now()
       FROM unnest($1::bigint[], $2::int[]) AS o(id, ord) WHERE f.id = o.id`,
    [order.map((o) => o.id), order.map((o) => o.order)],
  );
}
