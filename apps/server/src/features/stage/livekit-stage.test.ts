import { ParticipantInfo, ParticipantPermission, Room, WebhookEvent } from "@livekit/protocol";
import { PROGRAM_PARTICIPANT_IDENTITY } from "@onstage/domain";
import { TokenVerifier } from "livekit-server-sdk";
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnPostgres } from "../../testing/databases";
import { LivekitStandIn, STAND_IN_KEYS } from "../../testing/livekit-stand-in";
import { signedWebhook } from "../../testing/livekit-stand-in-outputs";
import { eventually } from "../../testing/realtime";
import { errorCode, presenceStateOf, type RoomScene, roomScene } from "../../testing/room-scene";
import { LIVEKIT_WEBHOOK_PATH } from "../program-egress/service";

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
  /** The host bans a user from the event (a shadow ban with `shadow`). */
  const banFromEvent = (userId: number, shadow = false) =>
    scene.people.host.client.post("/api/event/ban", {
      user_id: userId,
      event_id: scene.event,
      organization_id: scene.channel,
      ban_type: "event",
      ...(shadow ? { shadow } : {}),
    });
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
    const ban = await banFromEvent(otherGuest.userId);
    expect(ban.statusCode).toBe(201);
    await eventually("the banned walk-in is taken off", () => !isOnStage("otherGuest"), 1_000);
  });

  test("issue 23 §2.4: a shadow-banned walk-in leaves the stage at once and is refused as anyone without the right", async () => {
    expect((await setOpenStage(true)).statusCode).toBe(200);
    const walkIn = await scene.person(scene.registered);
    await joinStage(walkIn);
    const ban = await banFromEvent(walkIn.userId, true);
    expect(ban.statusCode).toBe(201);
    await eventually("the shadow-banned walk-in is taken off", () => !isOnStage(walkIn), 1_000);
    const again = await walkIn.client.post("/api/video-session/join-stage", ids());
    expect([again.statusCode, errorCode(again)]).toEqual([403, "forbidden"]);
  });

  test("issue 27: a viewer place is hidden and subscribe-only, off the air refused, paced; the program is the host level's; a ban takes the viewer out", async () => {
    const claimsOf = (token: string) => new TokenVerifier(keys.apiKey, keys.apiSecret).verify(token);
    const viewer = await scene.person(scene.registered);
    const view = (sessionId: number) =>
      viewer.client.post("/api/video-session/join-stage", {
        ...ids(),
        video_session_id: sessionId,
        view: true,
      });
    // Spec 2 §4: there is a program to watch only while broadcasting.
    const early = await view(scene.session);
    expect([early.statusCode, errorCode(early)]).toEqual([409, "not_broadcasting_yet"]);
    const broadcasting = await scene.g.session(scene.event, { state: "broadcasting" });
    const joined = await view(broadcasting);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ provider: "livekit", canPublish: false });
    const claims = await claimsOf(joined.json().token);
    expect(claims.sub).toBe(`viewer-${viewer.userId}`);
    expect(claims.video).toMatchObject({
      room: `session-${broadcasting}`,
      hidden: true,
      canSubscribe: true,
      canPublish: false,
      canPublishData: false,
    });
    await standIn.connect(joined.json().token);
    // A place is asked for again on a reconnect, not in a loop.
    const again = await Promise.all(Array.from({ length: 10 }, () => view(broadcasting)));
    expect(again.map((res) => res.statusCode).sort()).toEqual([...Array(9).fill(200), 429]);

    const publisher = (who: Person) =>
      who.client.get(`/api/video-session/program-publisher?video_session_id=${broadcasting}`);
    expect((await publisher(viewer)).statusCode).toBe(403);
    const program = await publisher(scene.people.host);
    expect(program.statusCode).toBe(200);
    const programClaims = await claimsOf(program.json().token);
    expect(programClaims.sub).toBe(PROGRAM_PARTICIPANT_IDENTITY);
    expect(programClaims.video).toMatchObject({
      canPublish: true,
      canSubscribe: false,
      canPublishData: false,
    });
    expect(programClaims.video?.canPublishSources).toEqual(["camera", "microphone"]);

    const ban = await banFromEvent(viewer.userId);
    expect(ban.statusCode).toBe(201);
    const viewerPlace = () => standIn.participant(`session-${broadcasting}`, `viewer-${viewer.userId}`);
    await eventually("the banned viewer is taken out", () => viewerPlace() === undefined, 1_000);
  });

  test("spec 2 §2 On Stage: LiveKit's signed participant_joined of a publisher shows them on stage, participant_left takes them off", async () => {
    const { host, speaker, guest } = scene.people;
    const participantEvent = async (
      event: "participant_joined" | "participant_left",
      userId: number,
      canPublish: boolean,
      roomName = room(),
    ) => {
      const hook = new WebhookEvent({
        event,
        id: `EV_${event}_${userId}_${roomName}`,
        room: new Room({ name: roomName }),
        participant: new ParticipantInfo({
          identity: String(userId),
          permission: new ParticipantPermission({ canPublish }),
        }),
      });
      const { body, authorization } = await signedWebhook(keys, hook);
      const res = await app().server.inject({
        method: "POST",
        url: LIVEKIT_WEBHOOK_PATH,
        payload: body,
        headers: { "content-type": "application/webhook+json", authorization },
      });
      expect(res.statusCode).toBe(200);
    };
    const stateOf = (userId: number) => presenceStateOf(host.client, scene.session, userId);
    await participantEvent("participant_joined", speaker.userId, true);
    await participantEvent("participant_joined", guest.userId, false);
    await participantEvent("participant_joined", guest.userId, true, "another-project-room");
    expect(await stateOf(speaker.userId)).toBe("on_stage");
    expect(await stateOf(guest.userId)).toBe("absent");
    await participantEvent("participant_left", speaker.userId, true);
    expect(await stateOf(speaker.userId)).toBe("active");
  });
});
