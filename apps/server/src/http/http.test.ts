import { expect, test } from "vitest";
import { useTestApp } from "../testing/app";
import { describeOnEachDatabase } from "../testing/databases";

describeOnEachDatabase("HTTP basics", (use) => {
  const app = useTestApp(use);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app().server.inject({ method: "GET", url, headers });

  test("health answers with the database in use", async (ctx) => {
    const res = await get("/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "ok",
      database: ctx.task.suite?.name.includes("postgres") ? "postgres" : "pglite",
    });
  });

  test("every response carries a request id; a caller's well-formed id is kept", async () => {
    expect((await get("/api/health")).headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get("/api/health", { "x-request-id": "trace-42" })).headers["x-request-id"]).toBe(
      "trace-42",
    );
    expect((await get("/api/health", { "x-request-id": "<bad id>" })).headers["x-request-id"]).not.toBe(
      "<bad id>",
    );
  });

  test("a request that breaks its schema is a 400 naming the field, in the error shape", async () => {
    const res = await get(`/api/events/by-code/${"x".repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "invalid_request" });
    expect(res.json().error.fields[0].path).toContain("eventCode");
  });

  test("the OpenAPI document lists the routes and is served under /api/docs", async () => {
    const doc = await get("/api/docs/json");
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/me",
        "/api/events/upcoming",
        "/api/events/by-code/{eventCode}",
      ]),
    );
    expect((await get("/api/docs/")).statusCode).toBe(200);
  });

  test("a visitor without a session is nobody; a forged cookie is nobody too", async () => {
    expect((await get("/api/me")).json()).toEqual({ user: null });
    expect((await get("/api/me", { cookie: "onstage_session=forged" })).json()).toEqual({ user: null });
  });

  test("security headers keep links and tokens from leaking", async () => {
    const res = await get("/api/health");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
