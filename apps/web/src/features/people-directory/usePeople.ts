import type { PublicProfile } from "@onstage/domain";
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import { reportError } from "../error-reporting/reportError";
import { readPeople } from "./readPeople";
import { UserDirectory } from "./UserDirectory";

/** The event whose people the room shows (Room provides it); null outside a room. */
export const PeopleEventContext = createContext<number | null>(null);

let shared: UserDirectory | null = null;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** One directory per tab: its cache serves every part of the room. */
function directory(): UserDirectory {
  shared ??= new UserDirectory({
    read: readPeople,
    storage: sessionStore(),
    warn: (message) => console.warn(message),
    // Spec 1 §8: profile failures are logged and skipped.
    failed: (error) => reportError("profiles", error),
  });
  return shared;
}

/** Issue 29 §3: the people among `userIds` the room knows, fetched in batches as they are asked for. */
export function usePeople(userIds: readonly number[]): ReadonlyMap<number, PublicProfile> {
  const eventId = useContext(PeopleEventContext);
  const people = directory();
  useSyncExternalStore(people.subscribe, people.getVersion);
  const key = userIds.join(",");
  useEffect(() => {
    if (eventId === null || key === "") return;
    people.lookup(eventId, key.split(",").map(Number));
  }, [people, eventId, key]);
  const known = new Map<number, PublicProfile>();
  for (const id of userIds) {
    const user = people.get(id);
    if (user) known.set(id, user);
  }
  return known;
}

/** 'Ada Lovelace, Grace Hopper and 3 more' for the people known among `userIds`; null when none is. */
export function namesOf(userIds: readonly number[], known: ReadonlyMap<number, PublicProfile>, shown = 3) {
  const names = userIds.flatMap((id) => {
    const user = known.get(id);
    return user ? [`${user.firstName} ${user.lastName}`.trim()] : [];
  });
  if (names.length === 0) return null;
  const rest = userIds.length - Math.min(names.length, shown);
  const listed = names.slice(0, shown).join(", ");
  return rest > 0 ? `${listed} and ${rest} more` : listed;
}
