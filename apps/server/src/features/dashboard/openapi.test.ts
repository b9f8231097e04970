import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";

describeOnEachDatabase("dashboard API documentation", (use) => {
  const app = useTestApp(use);

  test("every dashboard route is in the OpenAPI document", async () => {
    const res = await app().server.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      "/api/dash",
      "/api/channels",
      "/api/channels/{channelId}/members/{userId}",
      "/api/channels/{channelId}/events",
      "/api/dash/events/{eventId}",
      "/api/dash/events/{eventId}/cover",
      "/api/dash/sessions/{sessionId}",
      "/api/dash/tickets/{ticketId}",
      "/api/dash/coupons/{couponId}",
      "/api/dash/events/{eventId}/questions/reorder",
      "/api/dash/events/{eventId}/registrations.csv",
      "/api/my-events",
    ]) {
      expect(paths).toContain(path);
    }
  });
});
