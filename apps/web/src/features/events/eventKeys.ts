export const eventKeys = {
  upcoming: ["events", "upcoming"] as const,
  byCode: (eventCode: string) => ["events", "by-code", eventCode] as const,
  /** Every event page: a prefix of byCode. */
  everyByCode: ["events", "by-code"] as const,
};
