export const authKeys = {
  providers: ["auth", "providers"] as const,
  lookup: (email: string) => ["auth", "lookup", email] as const,
};
