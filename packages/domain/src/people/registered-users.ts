import { z } from "zod";
import type { EventRole } from "../vocabulary";

/** Spec 1 §9: registered-user filters. */
export const RegisteredUserFilter = z.enum(["all", "live", "on_stage", "hosts", "moderators"]);
export type RegisteredUserFilter = z.infer<typeof RegisteredUserFilter>;

export interface RegisteredUser {
  eventRole: EventRole;
  isLive: boolean;
  isOnStage: boolean;
  /** Epoch ms of the role record's updated_at. */
  updatedAt: number;
  fullName: string;
}

/** Spec 1 §6: 'hosts' includes host and owner; 'moderators' includes moderator. */
export function registeredUserFilter(
  filter: RegisteredUserFilter,
): (user: Pick<RegisteredUser, "eventRole" | "isLive" | "isOnStage">) => boolean {
  switch (filter) {
    case "all":
      return () => true;
    case "live":
      return (user) => user.isLive || user.isOnStage;
    case "on_stage":
      return (user) => user.isOnStage;
    case "hosts":
      return (user) => user.eventRole === "host" || user.eventRole === "owner";
    case "moderators":
      return (user) => user.eventRole === "moderator";
  }
}

/** Spec 1 §9 sort: on-stage first, then live, then latest updated, then name. */
export function compareRegisteredUsers(a: RegisteredUser, b: RegisteredUser): number {
  return (
    Number(b.isOnStage) - Number(a.isOnStage) ||
    Number(b.isLive) - Number(a.isLive) ||
    b.updatedAt - a.updatedAt ||
    a.fullName.localeCompare(b.fullName)
  );
}
