import type { Queryable } from "../../platform/database";
import { findRoomAddress } from "./queries";

/**
 * The session's room page with the recorder-view flag (spec 2 §2): what the server's Chromium opens
 * (COMPOSITOR=server) and LiveKit Egress renders as its custom template.
 */
export async function recorderViewUrl(db: Queryable, publicUrl: string, sessionId: number): Promise<string> {
  const room = await findRoomAddress(db, sessionId);
  if (!room) throw new Error(`no session ${sessionId}`);
  return `${publicUrl}/c/${encodeURIComponent(room.eventCode)}/${room.urlHash}?recorder-view`;
}
