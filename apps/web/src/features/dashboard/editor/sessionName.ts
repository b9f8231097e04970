import type { DashSession } from "@onstage/domain";

/** A session's name in the editor: its title, or its place in the schedule. */
export const sessionName = (session: Pick<DashSession, "title">, index: number) =>
  session.title || `Session ${index + 1}`;
