import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// Issue 24 §1.3: the room is a shell around modules, and modules are built from room-kit; so only the
// room itself and the page that shows it (event-page) import features/room. A module that needs
// something of the room's asks room-kit for it.

const FEATURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAY_IMPORT_ROOM = new Set(["room", "event-page"]);

/** The feature a relative import from `file` (a path under features/) lands in, or null outside them. */
function importedFeature(file: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return target.startsWith("..") ? null : (target.split("/")[0] ?? null);
}

function roomImportRefused(file: string, spec: string): boolean {
  return importedFeature(file, spec) === "room" && !MAY_IMPORT_ROOM.has(file.split("/")[0] ?? "");
}

const importsOf = (text: string) => [...text.matchAll(/from "([^"]+)"/g)].map((m) => m[1] ?? "");

describe("only the room and its page import the room", () => {
  test.each([
    { file: "chat/ChatPanel.tsx", spec: "../room/RoomShell", refused: true },
    { file: "studio/studioModule.tsx", spec: "../room-kit/roomModule", refused: false },
    { file: "event-page/LiveRoom.tsx", spec: "../room/Room", refused: false },
    { file: "room/modules.ts", spec: "../chat/chatModules", refused: false },
    { file: "room/Room.tsx", spec: "./RoomShell", refused: false },
    { file: "polls/PollsPanel.tsx", spec: "../../api", refused: false },
  ])("$file importing $spec: refused $refused", ({ file, spec, refused }) => {
    expect(roomImportRefused(file, spec)).toBe(refused);
  });

  test("no module imports features/room", () => {
    const files = (readdirSync(FEATURES, { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => /\.tsx?$/.test(file));
    const refused = files.flatMap((file) =>
      importsOf(readFileSync(path.join(FEATURES, file), "utf8"))
        .filter((spec) => roomImportRefused(file, spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(refused).toEqual([]);
  });
});
