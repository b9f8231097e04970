// `npm start`'s first step: builds the web app and the server only when a source is newer than the
// build (the newest mtime of the inputs against the output's), so a second start runs at once.
// A checkout or `npm install` touches what it changes, which is all this needs to see.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

const BUILDS = [
  {
    workspace: "apps/web",
    // The server entry is its build's last step (apps/web/package.json).
    output: "apps/web/dist-server/entry-server.js",
    inputs: [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      "apps/web/build",
    ],
  },
  {
    workspace: "apps/server",
    output: "apps/server/dist/main.js",
    inputs: ["apps/server/src", "apps/server/build", "apps/server/migrations"],
  },
];
// What both builds read besides their own folders.
const SHARED_INPUTS = ["packages/domain/src", "package-lock.json"];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

for (const { workspace, output, inputs } of BUILDS) {
  const built = newestMtime(path.join(ROOT, output));
  const changed = Math.max(
    ...[...inputs, ...SHARED_INPUTS].map((input) => newestMtime(path.join(ROOT, input))),
  );
  if (built > changed) continue;
  console.log(built ? `${workspace} changed since its build: building it` : `building ${workspace}`);
  const run = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: ROOT, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
