import { afterAll, afterEach } from "vitest";
import { failOnServerErrors } from "./server-errors";

// Registered first (vitest setupFiles), so these after-hooks run after each suite's own: an error that a
// test's teardown logs still fails it.
afterEach(() => failOnServerErrors("during this test"));
afterAll(() => failOnServerErrors("after the suite's last test"));
