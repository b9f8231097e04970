export const eventKeys = {
  upcoming: ["events", "upcoming"] as const,
  byCode: (eventCode: string) => ["events", "by-code", eventCode] as const,
};
