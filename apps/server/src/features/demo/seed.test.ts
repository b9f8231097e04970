import { expect, test } from "vitest";
import { describeOnEachDatabase } from "../../testing/databases";
import { verifyPassword } from "../auth/service";
import { DEMO_HOST, seedDemoData } from "./seed";

describeOnEachDatabase("demo data", (use) => {
  test("an empty database gets the demo channel, host, events in every access mode and sessions in every state", async () => {
    const db = use();
    expect(await seedDemoData(db)).toBe(true);

    const [channel] = await db.query<{ id: number }>(
      "SELECT id FROM organizations WHERE channel_name = 'demo'",
    );
    expect(channel).toBeDefined();
    const [host] = await db.query<{ password_hash: string; role: string }>(
      `SELECT u.password_hash, m.role FROM users u JOIN organization_members m ON m.user_id = u.id WHERE u.email = $1`,
      [DEMO_HOST.email],
    );
    expect(host?.role).toBe("owner");
    expect(await verifyPassword(host?.password_hash ?? "", DEMO_HOST.password)).toBe(true);

    const events = await db.query<{
      access: string;
      private: boolean;
      password_protected: boolean;
      multi_session: boolean;
    }>("SELECT access, private, password_protected, multi_session FROM events");
    expect(new Set(events.map((e) => e.access))).toEqual(
      new Set(["open", "registration_required", "ticketed", "patreon"]),
    );
    expect(events.some((e) => e.private)).toBe(true);
    expect(events.some((e) => e.password_protected)).toBe(true);
    expect(events.some((e) => e.multi_session)).toBe(true);

    const tickets = await db.query<{ price_type: string }>("SELECT DISTINCT price_type FROM event_tickets");
    expect(new Set(tickets.map((t) => t.price_type))).toEqual(new Set(["free", "fixed", "sliding"]));
    expect(await db.query("SELECT 1 FROM coupons")).not.toHaveLength(0);

    const states = await db.query<{ state: string }>("SELECT DISTINCT state FROM video_sessions");
    expect(new Set(states.map((s) => s.state))).toEqual(
      new Set(["scheduled", "greenroom", "broadcasting", "postevent", "ended"]),
    );
    expect(await db.query("SELECT 1 FROM video_sessions WHERE session_type = 'lobby'")).toHaveLength(1);
  });

  test("a second start keeps the data as it is", async () => {
    const db = use();
    await db.query("UPDATE events SET title = 'Renamed by a host' WHERE event_code = 'summit'");
    expect(await seedDemoData(db)).toBe(false);
    const [summit] = await db.query<{ title: string }>(
      "SELECT title FROM events WHERE event_code = 'summit'",
    );
    expect(summit?.title).toBe("Renamed by a host");
    expect(await db.query("SELECT 1 FROM organizations")).toHaveLength(1);
  });
});
