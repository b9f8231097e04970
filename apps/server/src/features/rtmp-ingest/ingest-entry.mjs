// The RTMP ingest process's entry: tsx compiles the TypeScript here as it does for the server (the
// media process's media-entry.mjs does the same).
import { register } from "tsx/esm/api";

register();
await import("./ingest-child.ts");
