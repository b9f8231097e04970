export const dashKeys = {
  all: ["dash"] as const,
  channels: ["dash", "channels"] as const,
  channelEvents: (channelId: number) => ["dash", "channel", channelId, "events"] as const,
  team: (channelId: number) => ["dash", "channel", channelId, "team"] as const,
  event: (eventId: number) => ["dash", "event", eventId] as const,
  registrations: (eventId: number) => ["dash", "event", eventId, "registrations"] as const,
  speakers: (eventId: number) => ["dash", "event", eventId, "speakers"] as const,
  analytics: (eventId: number) => ["dash", "event", eventId, "analytics"] as const,
  sessionAnalytics: (sessionId: number) => ["dash", "session", sessionId, "analytics"] as const,
  myEvents: ["my-events"] as const,
  myInvites: ["dash", "my-invites"] as const,
};
