// `npm run build -w apps/server`: the compiled server `npm start` runs.
import { bundleServer, SERVER_DIST } from "./bundle";

const started = Date.now();
await bundleServer();
console.log(`server compiled into ${SERVER_DIST} in ${Date.now() - started} ms`);
