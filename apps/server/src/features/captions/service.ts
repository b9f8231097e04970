import { randomBytes } from "node:crypto";
import {
  BadRequest,
  CAPTION_LINE_MAX_CHARS,
  type CaptionLineQuery,
  type CaptionSource,
  countCaptionPost,
  Forbidden,
  isNewCaptionLine,
  NotFound,
  RateLimited,
} from "@onstage/domain";
import { requireTopicReader } from "../../kernel/access/topic-access";
import { CaptionsWriter } from "../../media/captions/writer";
import type { Queryable } from "../../platform/database";
import type { FeatureDeps } from "../deps";
import {
  captionLinesBetween,
  findCaptionToken,
  insertCaptionLine,
  lockCaptionSource,
  saveCaptionSource,
  setCaptionToken,
} from "./queries";

/** CAPTIONS=captioner-api turns captions on; off, the toggle is hidden and every captions call is 404. */
export interface CaptionsOptions {
  enabled: boolean;
  /** How long after the picture a captioner's line arrives (CAPTIONS_DELAY_MS): lines move back by it. */
  delayMs: number;
}

export const CAPTION_LINE_PATH = "/api/captions/line";

/** 256 random bits, like a stream key: the caption URL carries it whole. */
const newToken = () => randomBytes(32).toString("base64url");

export function captionsService(deps: FeatureDeps, options: CaptionsOptions) {
  const { db } = deps;

  function requireEnabled(): void {
    if (!options.enabled) throw NotFound("captions_off");
  }

  /** Spec 2 §6: the RTMP setup, captions included, is the channel owner's or admin's, as the stream key. */
  async function requireManager(viewerUserId: number, sessionId: number): Promise<void> {
    requireEnabled();
    const access = await requireTopicReader(db, viewerUserId, { kind: "session", id: sessionId });
    if (!access.flags.isOwnerOrAdmin) throw Forbidden();
  }

  const captionUrl = (token: string) =>
    `${deps.publicUrl}${CAPTION_LINE_PATH}?token=${encodeURIComponent(token)}`;

  return {
    /** The session's caption URL, made on first call. */
    async source(viewerUserId: number, sessionId: number): Promise<CaptionSource> {
      await requireManager(viewerUserId, sessionId);
      const token = await db.transaction(async (tx) => {
        const found = await findCaptionToken(tx, sessionId);
        if (found) return found;
        const made = newToken();
        await setCaptionToken(tx, sessionId, made);
        return made;
      });
      return { captionUrl: captionUrl(token) };
    },

    /** A new caption URL; the old one is refused from now on. */
    async rotate(viewerUserId: number, sessionId: number): Promise<CaptionSource> {
      await requireManager(viewerUserId, sessionId);
      const token = newToken();
      await setCaptionToken(db, sessionId, token);
      return { captionUrl: captionUrl(token) };
    },

    /** A captioner's line: kept when its seq is new, ignored when repeated or older (Zoom's rule). */
    async postLine(query: CaptionLineQuery, text: string): Promise<{ accepted: boolean }> {
      requireEnabled();
      if (text.length > CAPTION_LINE_MAX_CHARS) throw BadRequest("caption_too_long");
      const receivedAt = deps.clock().getTime();
      return db.transaction(async (tx) => {
        const source = await lockCaptionSource(tx, query.token);
        if (!source) throw NotFound("caption_source_not_found");
        const window = countCaptionPost(source, receivedAt);
        if (window.limited) throw RateLimited("caption_rate_limited");
        const accepted = isNewCaptionLine(query.seq, source.lastSeq);
        await saveCaptionSource(tx, source.sessionId, {
          windowStart: window.windowStart,
          lines: window.lines,
          lastSeq: accepted ? query.seq : source.lastSeq,
        });
        if (accepted) {
          await insertCaptionLine(tx, source.sessionId, {
            seq: query.seq,
            lang: query.lang,
            text,
            receivedAt,
          });
        }
        return { accepted };
      });
    },
  };
}

/**
 * The captions writer of one session's stream, reading the lines any node took from the database. It runs
 * in the server process of the node that holds the stream's directory (the media child has no database),
 * following the video playlist with its own watch; null when captions are off.
 */
export function sessionCaptionsWriter(
  db: Queryable,
  log: { error(context: Record<string, unknown>, message: string): void },
  options: CaptionsOptions,
  stream: { sessionId: number; dir: string; videoPlaylist: string },
): CaptionsWriter | null {
  if (!options.enabled) return null;
  return new CaptionsWriter({
    dir: stream.dir,
    videoPlaylist: stream.videoPlaylist,
    lines: (from, to) => captionLinesBetween(db, stream.sessionId, from, to),
    delayMs: options.delayMs,
    log,
  });
}
