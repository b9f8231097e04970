import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locateFfmpeg } from "./locate";

async function fakeBinary(mode = 0o755): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "onstage-ffmpeg-"));
  const file = path.join(dir, "ffmpeg");
  await writeFile(file, "#!/bin/sh\n");
  await chmod(file, mode);
  return file;
}

describe("locateFfmpeg", () => {
  it("takes FFMPEG_PATH first, and refuses one that is not executable", async () => {
    const configured = await fakeBinary();
    expect(await locateFfmpeg({ configured, searchPath: "/usr/bin" })).toEqual({
      path: configured,
      source: "FFMPEG_PATH",
    });
    expect(await locateFfmpeg({ configured: await fakeBinary(0o644), searchPath: "/usr/bin" })).toBeNull();
    expect(await locateFfmpeg({ configured: "/nonexistent/ffmpeg" })).toBeNull();
  });

  it("looks through PATH in order", async () => {
    const first = await fakeBinary();
    const second = await fakeBinary();
    const searchPath = ["/nonexistent", path.dirname(first), path.dirname(second)].join(path.delimiter);
    expect(await locateFfmpeg({ searchPath, bundled: () => null })).toEqual({ path: first, source: "PATH" });
  });

  it("falls back to the npm package's binary, and finds none without it", async () => {
    const bundled = await fakeBinary();
    expect(await locateFfmpeg({ searchPath: "/nonexistent", bundled: () => bundled })).toEqual({
      path: bundled,
      source: "npm package",
    });
    expect(await locateFfmpeg({ searchPath: "/nonexistent", bundled: () => null })).toBeNull();
  });

  it("finds the installed optional dependency's static build", async () => {
    const found = await locateFfmpeg({ searchPath: "" });
    expect(found?.source).toBe("npm package");
    expect(found?.path).toMatch(/@ffmpeg-installer\/linux-x64\/ffmpeg$/);
  });
});
