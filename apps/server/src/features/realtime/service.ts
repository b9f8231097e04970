// What other features use of the realtime endpoint: the socket a feature's client events arrive on
// (the stage's signalling), its error answers, the presence handler's shape, and the origins a
// browser's upgrade may come from (the compositor socket checks them as the handshake does).

export { realtimeError } from "./errors";
export { allowedOrigins } from "./handshake";
export type { PresenceHandler } from "./presence";
export { asAck, type RealtimeSocket } from "./socket";
