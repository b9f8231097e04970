// The image thread's entry: tsx compiles the TypeScript here as it does for the server's main thread
// (a worker's execArgv cannot take --import in Node 20).
import { register } from "tsx/esm/api";

register();
await import("./image-worker.ts");
