// What other features use of program-egress: the LiveKit webhook's path (its body is read raw) and the
// listeners it tells of LiveKit's ingress and participant events (rtmp-ingest, stage).
export { type IngressListener, LIVEKIT_WEBHOOK_PATH, type ParticipantListener } from "./webhook";
