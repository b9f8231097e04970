// The media process's entry: tsx compiles the TypeScript here as it does for the server (the SFU's
// worker.mjs does the same).
import { register } from "tsx/esm/api";

register();
await import("./media-child.ts");
