import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { LivekitStandIn, STAND_IN_KEYS } from "../../testing/livekit-stand-in";
import { eventually } from "../../testing/realtime";
import { errorCode, type RoomScene, roomScene } from "../../testing/room-scene";

// With LiveKit the rooms live on LiveKit's side, so no 1 s re-check reads who is in them: whatever narrows
// the stage's rights (the open stage closing, a role taken away, a ban) takes people off at once through
// LiveKit's room service, checked here against the stand-in of its Twirp API.
const keys = STAND_IN_KEYS;
const standIn = new LivekitStandIn(keys);
let livekitUrl = "";
beforeAll(async () => {
  livekitUrl = await standIn.start();
});
afterAll(() => standIn.stop());

describeOnPostgres("the stage's rights on LiveKit", (use) => {
  const app = useTestApp(use, { livekit: () => ({ url: livekitUrl, ...keys }) });
  let scene: RoomScene;
  beforeAll(async () => {
    scene = await roomScene(app().server, use(), { session: { state: "greenroom" } });
  });
  const ids = () => ({ video_session_id: scene.session, event_id: scene.event });
  const room = () => `session-${scene.session}`;
  type Person = RoomScene["people"]["guest"];
  const personOf = (who: "guest" | "otherGuest" | "speaker" | Person) =>
    typeof who === "string" ? scene.people[who] : who;
  /** Joins through join-stage and connects with the token, as the browser's LiveKit client would. */
  const joinStage = async (who: "guest" | "otherGuest" | "speaker" | Person) => {
    const res = await personOf(who).client.post("/api/video-session/join-stage", ids());
    expect(res.statusCode).toBe(200);
    await standIn.connect(res.json().token);
    expect(isOnStage(who)).toBe(true);
  };
  const isOnStage = (who: "guest" | "otherGuest" | "speaker" | Person) =>
    standIn.participant(room(), String(personOf(who).userId)) !== undefined;
  const setOpenStage = (open: boolean) =>
    scene.people.host.client.post("/api/video-session/update-settings", { ...ids(), open_stage: open });

  test("the open stage closing takes its walk-ins off; the team stays", async () => {
    expect((await setOpenStage(true)).statusCode).toBe(200);
    await joinStage("guest");
    await joinStage("speaker");
    expect((await setOpenStage(false)).statusCode).toBe(200);
    await eventually("the walk-in is taken off", () => !isOnStage("guest"), 1_000);
    expect(isOnStage("speaker")).toBe(true);
  });

  test("a speaker made a guest, and a banned walk-in, leave the stage at once", async () => {
    const { host, speaker, otherGuest } = scene.people;
    const role = await host.client.post("/api/event/update-role", {
      user_id: speaker.userId,
      event_id: scene.event,
      event_role_fkey: "guest",
    });
    expect(role.statusCode).toBe(200);
    await eventually("the former speaker is taken off", () => !isOnStage("speaker"), 1_000);

    await setOpenStage(true);
    await joinStage("otherGuest");
    const ban = await host.client.post("/api/event/ban", {
      user_id: otherGuest.userId,
      event_id: scene.event,
      organization_id: scene.channel,
      ban_type: "event",
    });
    expect(ban.statusCode).toBe(201);
    await eventually("the banned walk-in is taken off", () => !isOnStage("otherGuest"), 1_000);
  });

  test("issue 23 §2.4: a shadow-banned walk-in leaves the stage at once and is refused as anyone without the right", async () => {
    expect((await setOpenStage(true)).statusCode).toBe(200);
    const walkIn = await scene.person(scene.registered);
    await joinStage(walkIn);
    const ban = await scene.people.host.client.post("/api/event/ban", {
      user_id: walkIn.userId,
      event_id: scene.event,
      organization_id: scene.channel,
      ban_type: "event",
      shadow: true,
    });
    expect(ban.statusCode).toBe(201);
    await eventually("the shadow-banned walk-in is taken off", () => !isOnStage(walkIn), 1_000);
    const again = await walkIn.client.post("/api/video-session/join-stage", ids());
    expect([again.statusCode, errorCode(again)]).toEqual([403, "forbidden"]);
  });
});
