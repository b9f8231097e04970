import type { Memory } from "./children";
import type { Stamp, Target } from "./shared";

/** A send's fate: stored and published, refused by the server, or not answered in time (it may still be). */
export type SendOutcome = "accepted" | "refused" | "unanswered";

/** A server under test (Onstage or the bare ws relay) with its way of sending one chat message. */
export interface System {
  name: "onstage" | "raw-ws";
  /** The server process, for its CPU time. */
  pid: number;
  /** The server's memory after a full garbage collection. */
  memory(): Promise<Memory>;
  target: Target;
  /** Sends one message with its stamp in the text. */
  send(stamp: Stamp): Promise<SendOutcome>;
  stop(): Promise<void>;
}
