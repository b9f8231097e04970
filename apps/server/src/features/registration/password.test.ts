import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { given } from "../../testing/given";
import { errorCode, newAttendee } from "../../testing/registration";

const CHECK = "/api/events/check-password";

describeOnEachDatabase("POST /api/events/check-password", (use) => {
  const app = useTestApp(use);

  test.each([
    { case: "anonymous", password: "letmein", status: 401, error: "unauthorized" },
    { case: "unknown event", password: "letmein", status: 404, error: "event_not_found" },
    { case: "missing password", password: undefined, status: 400, error: "invalid_request" },
    { case: "wrong password", password: "LetMeIn", status: 400, error: "incorrect_event_password" },
    { case: "right password", password: "letmein", status: 200, error: undefined },
  ])("refusal table: $case → $status", async ({ case: name, password, status, error }) => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { password: "letmein" });
    const { client } = await newAttendee(app().server, db);
    const res = await (name === "anonymous" ? new TestClient(app().server) : client).post(CHECK, {
      event_id: name === "unknown event" ? 999_999_999 : event,
      password,
    });
    expect(res.statusCode).toBe(status);
    expect(errorCode(res)).toBe(error);
    expect(res.body).not.toContain("letmein");
    if (status === 200) expect(res.json()).toEqual({ passwordCorrect: true });
  });

  test("five wrong guesses block that user on that event, even the right password, and nobody else", async () => {
    const db = use();
    const g = given(db);
    const event = await g.event(await g.channel(), { password: "letmein" });
    const guesser = await newAttendee(app().server, db);
    for (let i = 0; i < 5; i += 1) {
      const res = await guesser.client.post(CHECK, { event_id: event, password: `guess-${i}` });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await guesser.client.post(CHECK, { event_id: event, password: "letmein" });
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe("too_many_guesses");
    const viaRegister = await guesser.client.post("/api/events/register", {
      event_id: event,
      event_password: "letmein",
    });
    expect(viaRegister.statusCode).toBe(429);
    const other = await newAttendee(app().server, db);
    expect((await other.client.post(CHECK, { event_id: event, password: "letmein" })).statusCode).toBe(200);
  });
});
