import { open, stat } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { failOnServerErrors, serverOutputRecorder } from "../../apps/server/src/testing/server-errors";
import { serverOutputFile } from "../../apps/server/src/testing/server-process";

// Issue 23 §1.4 for the browser journeys: the shared server (global-setup.ts) runs in another process and
// writes its output to a file; what it logged at error level during a test fails that test, as in the
// server suites. Servers a suite starts itself (ServerProcess) are read in this process already.

const record = serverOutputRecorder();
let offset = 0;

async function readNewOutput(): Promise<void> {
  const file = await open(serverOutputFile(inject("dataDir")), "r");
  try {
    const { size } = await file.stat();
    if (size <= offset) return;
    const buffer = Buffer.alloc(size - offset);
    await file.read(buffer, 0, buffer.length, offset);
    offset = size;
    record(buffer.toString());
  } finally {
    await file.close();
  }
}

beforeAll(async () => {
  // What the server logged before this file (its start, other files) is not this file's.
  offset = (await stat(serverOutputFile(inject("dataDir")))).size;
});
afterEach(async () => {
  await readNewOutput();
  failOnServerErrors("during this test");
});
afterAll(async () => {
  await readNewOutput();
  failOnServerErrors("after the suite's last test");
});
