import type { DefaultEventsMap, Server, Socket } from "socket.io";

/** Where a subscribed topic lives: bans evict a user from every topic of an event. */
export interface HeldTopic {
  eventId: number | null;
}

/** Set by the handshake from the session cookie, never from a message. */
export interface SocketData {
  userId: number | null;
  /** The hash of the session cookie the connection was opened with (null for a visitor). */
  sessionHash: string | null;
  /** This browser's grant key for unlisted events opened by code (kernel/unlisted), or null. */
  browserKey: string | null;
  /**
   * Set for the server's headless recorder (kernel/recorder): it follows only its session's and
   * event's topics, sends no presence and only watches its session's stage.
   */
  recorder: { sessionId: number; eventId: number } | null;
  /** The client's address (caps.ts), what its connections and subscribes are counted against. */
  address: string;
  /** The topics this connection holds, by name. */
  topics: Record<string, HeldTopic>;
}

export type RealtimeIo = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

/** A user's connections share this room; it cannot collide with a topic name (`kind:id`). */
export const userRoom = (userId: number) => `u:${userId}`;
/** The connections opened with one sign-in session: signing out closes them. */
export const sessionRoom = (sessionHash: string) => `s:${sessionHash}`;

/** The acknowledgement callback of an emit, when the client asked for one. */
export type Ack = (answer: unknown) => void;
export const asAck = (value: unknown): Ack | null => (typeof value === "function" ? (value as Ack) : null);
