import { performance } from "node:perf_hooks";
import type { DashChannelEntry, DashResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../../testing/app";
import { clientFor, dashWorld } from "../../../testing/dashboard";
import { describeOnEachDatabase } from "../../../testing/databases";
import { decoyFrameJpeg, imageSize, multipart, pngOf } from "../../../testing/images";

describeOnEachDatabase("dashboard channels", (use) => {
  const app = useTestApp(use);
  const world = () => dashWorld(app().server, use());

  test("a new channel makes its creator the owner and starts on the free trial plan", async () => {
    const w = await world();
    const me = await w.as("stranger");
    const res = await me.post("/api/channels", { name: "  Night Owls ", channelName: "Night-Owls_1" });
    expect(res.statusCode).toBe(201);
    const created = res.json() as DashChannelEntry;
    expect(created).toMatchObject({
      channel: { name: "Night Owls", channelName: "night-owls_1", profileImage: null, description: null },
      role: "owner",
      eventCount: 0,
    });
    const [plan] = await use().query<{ title: string; is_free_trial: boolean; total_monthly_hours: number }>(
      `SELECT p.title, p.is_free_trial, p.total_monthly_hours FROM subscriptions s JOIN plans p ON p.id = s.plan_id
        WHERE s.organization_id = $1`,
      [created.channel.id],
    );
    expect(plan).toEqual({ title: "Free trial", is_free_trial: true, total_monthly_hours: 5 });
    const dash = (await me.get("/api/dash")).json() as DashResponse;
    expect(dash.channels.map((c) => c.channel.channelName)).toEqual(["night-owls_1"]);

    const again = await (await w.as("owner")).post("/api/channels", {
      name: "Copy",
      channelName: "night-owls_1",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("channel_name_taken");
  });

  test("/api/dash lists the user's channels with their role and event count, and nobody else's", async () => {
    const w = await world();
    const dash = (await (await w.as("member")).get("/api/dash")).json() as DashResponse;
    expect(dash.channels).toHaveLength(1);
    expect(dash.channels[0]).toMatchObject({ channel: { id: w.channel }, role: "member", eventCount: 1 });
    expect(((await (await w.as("guest")).get("/api/dash")).json() as DashResponse).channels).toEqual([]);
    expect((await w.anonymous().get("/api/dash")).statusCode).toBe(401);
  });

  test.each([
    { case: "too short", body: { name: "A", channelName: "ab" } },
    { case: "upper-case is lowered, spaces are not allowed", body: { name: "A", channelName: "night owls" } },
    { case: "starts with a dash", body: { name: "A", channelName: "-night" } },
    { case: "too long", body: { name: "A", channelName: "a".repeat(41) } },
    { case: "a name past 50 characters", body: { name: "N".repeat(51), channelName: "fine-name" } },
    { case: "a blank name", body: { name: "   ", channelName: "fine-name" } },
    { case: "wrong types", body: { name: 5, channelName: ["x"] } },
    { case: "an unknown field", body: { name: "A", channelName: "fine-name", ownerId: 1 } },
  ])("creating a channel with $case is refused with 400", async ({ body }) => {
    const w = await world();
    const res = await (await w.as("stranger")).post("/api/channels", body);
    expect(res.statusCode).toBe(400);
    expect(((await (await w.as("stranger")).get("/api/dash")).json() as DashResponse).channels).toEqual([]);
  });

  test("a signed-out visitor cannot create a channel", async () => {
    const w = await world();
    expect((await w.anonymous().post("/api/channels", { name: "A", channelName: "abc" })).statusCode).toBe(
      401,
    );
  });

  test.each([
    { who: "member", status: 403 },
    { who: "host", status: 403 },
    { who: "stranger", status: 403 },
    { who: "otherChannel", status: 403 },
    { who: "admin", status: 200 },
    { who: "owner", status: 200 },
  ] as const)("$who editing the channel gets $status", async ({ who, status }) => {
    const w = await world();
    const res = await (await w.as(who)).patch(`/api/channels/${w.channel}`, {
      name: "Renamed",
      description: "About us",
    });
    expect(res.statusCode).toBe(status);
    const [row] = await use().query<{ name: string }>("SELECT name FROM organizations WHERE id = $1", [
      w.channel,
    ]);
    expect(row?.name).toBe(status === 200 ? "Renamed" : "Test channel");
  });

  test.each([
    { who: "member", status: 403 },
    { who: "host", status: 403 },
    { who: "stranger", status: 403 },
    { who: "admin", status: 200 },
    { who: "owner", status: 200 },
  ] as const)("issue 29 §5: $who connecting the Patreon campaign gets $status", async ({ who, status }) => {
    const w = await world();
    const res = await (await w.as(who)).patch(`/api/channels/${w.channel}`, { patreonCampaignId: "1234567" });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json().channel.patreonCampaignId).toBe("1234567");
    const campaign = async () =>
      (
        await use().query<{ patreon_campaign_id: string | null }>(
          "SELECT patreon_campaign_id FROM organizations WHERE id = $1",
          [w.channel],
        )
      )[0]?.patreon_campaign_id;
    expect(await campaign()).toBe(status === 200 ? "1234567" : null);
    if (status !== 200) return;
    // Not a campaign number: refused with the field's message, nothing changed; null disconnects.
    for (const bad of ["camp-1", "1".repeat(21), "", 1234567]) {
      const refused = await (await w.as(who)).patch(`/api/channels/${w.channel}`, { patreonCampaignId: bad });
      expect([bad, refused.statusCode]).toEqual([bad, 400]);
    }
    expect(await campaign()).toBe("1234567");
    await (await w.as(who)).patch(`/api/channels/${w.channel}`, { patreonCampaignId: null });
    expect(await campaign()).toBe(null);
  });

  test("editing an unknown channel is 404; bad input is 400", async () => {
    const w = await world();
    const owner = await w.as("owner");
    expect((await owner.patch("/api/channels/999999999", { name: "X" })).statusCode).toBe(404);
    expect((await owner.patch("/api/channels/abc", { name: "X" })).statusCode).toBe(400);
    expect(
      (await owner.patch(`/api/channels/${w.channel}`, { description: "d".repeat(2001) })).statusCode,
    ).toBe(400);
    expect((await owner.patch(`/api/channels/${w.channel}`, { name: "" })).statusCode).toBe(400);
  });

  test("the avatar is re-encoded as a 256 px JPEG under the channel's assets", async () => {
    const w = await world();
    const owner = await w.as("owner");
    const res = await owner.request(
      "POST",
      `/api/channels/${w.channel}/avatar`,
      multipart("image", "../../evil.png", "image/png", await pngOf(500, 300)),
    );
    expect(res.statusCode).toBe(200);
    const url = (res.json() as DashChannelEntry).channel.profileImage ?? "";
    expect(url).toMatch(new RegExp(`^/files/organization/${w.channel}/assets/[0-9a-f]{32}\\.jpg$`));
    expect(await imageSize((await owner.get(url)).rawPayload)).toEqual({
      format: "jpeg",
      width: 256,
      height: 256,
    });
  });

  test.each([
    { case: "a text file", bytes: async () => Buffer.from("<svg onload=alert(1)>"), field: "image" },
    { case: "the wrong field", bytes: async () => Buffer.alloc(0), field: "photo" },
    { case: "a JPEG with a decoy 1×1 frame header", bytes: decoyFrameJpeg, field: "image" },
  ])("an avatar upload of $case is refused at once and changes nothing", async ({ bytes, field }) => {
    const w = await world();
    const owner = await w.as("owner");
    const upload = multipart(field, "a.png", "image/png", await bytes());
    const started = performance.now();
    const res = await owner.request("POST", `/api/channels/${w.channel}/avatar`, upload);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid_image");
    const [row] = await use().query<{ profile_image: string | null }>(
      "SELECT profile_image FROM organizations WHERE id = $1",
      [w.channel],
    );
    expect(row?.profile_image).toBeNull();
  });

  test("a member cannot change the avatar", async () => {
    const w = await world();
    const member = await clientFor(app().server, use(), w.ids.member);
    const res = await member.request(
      "POST",
      `/api/channels/${w.channel}/avatar`,
      multipart("image", "a.png", "image/png", await pngOf(10, 10)),
    );
    expect(res.statusCode).toBe(403);
  });
});
