import { OVERLAY_QUICK_SHOW_MS, type StudioResponse } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import { describeOnEachDatabase } from "../../testing/databases";
import { imageSize, multipart, pngOf } from "../../testing/images";
import { eventually } from "../../testing/realtime";
import {
  errorCode,
  type RoomScene,
  roleMatrixClients,
  roomScene,
  topicMessages,
} from "../../testing/room-scene";

// Issue 24 §2-§5: the studio's brand, title overlays and templates; issue 25 §3: link CTAs (offers). By
// every role, on both engines.

const STUDIO_ADMINS = ["owner", "channelAdmin", "eventAdmin", "host"] as const;
const REFUSED = ["member", "moderator", "speaker", "guest", "banned", "visitor"] as const;
const ACTIONS = [
  "create title",
  "set colour",
  "update",
  "delete",
  "reorder",
  "show",
  "upload logo",
  "save template",
  "apply template",
  "delete template",
  "create offer",
  "show offer",
] as const;
type Action = (typeof ACTIONS)[number];

describeOnEachDatabase("studio", (use, engine) => {
  const app = useTestApp(use);

  /** The room scene with a title overlay and a saved template in the session, and one of another event. */
  async function scene() {
    const s = await roomScene(app().server, use());
    const as = await roleMatrixClients(s, "admin");
    const owner = s.people.owner.client;
    const title = (
      await owner.post("/api/custom-elements", element(s.session, "Ada Lovelace", "Analyst"))
    ).json().element as { id: number };
    const template = (
      await owner.post("/api/themes/save", { video_session_id: s.session, description: "Weekly" })
    ).json().theme as { id: number };
    const otherEvent = await s.g.event(await s.g.channel());
    const elsewhere = await s.g.session(otherEvent, { state: "broadcasting" });
    const [foreign] = await use().query<{ id: number }>(
      `INSERT INTO custom_elements (video_session_id, type, title, value) VALUES ($1, 'title', 'Theirs', '')
       RETURNING id`,
      [elsewhere],
    );
    const offer = (await owner.post("/api/custom-elements", link(s.session, "Get the deck"))).json()
      .element as { id: number };
    return {
      ...s,
      as,
      title: title.id,
      offer: offer.id,
      template: template.id,
      otherEvent,
      elsewhere,
      foreign: foreign?.id ?? 0,
    };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  const element = (sessionId: number, title: string, value: string) => ({
    video_session_id: sessionId,
    custom_element_type_fkey: "title",
    title,
    value,
  });

  const link = (sessionId: number, label: string, url = "https://onstage.test/deck") => ({
    video_session_id: sessionId,
    custom_element_type_fkey: "offer",
    title: label,
    value: url,
  });

  /** Everything a studio change could touch, to compare before and after a refused request. */
  const snapshot = (s: RoomScene) =>
    Promise.all([
      use().query(
        `SELECT id, video_session_id, theme_id, type, title, value, "order" FROM custom_elements ORDER BY id`,
      ),
      use().query(`SELECT id, description FROM themes ORDER BY id`),
      use().query(`SELECT id, overlays, offer_state, theme_id FROM video_sessions ORDER BY id`),
      topicMessages(use(), s.topics.session),
    ]);

  async function send(s: Scene, who: string, action: Action, foreign = false) {
    const client = s.as(who);
    const session = foreign ? s.elsewhere : s.session;
    const id = foreign ? s.foreign : s.title;
    switch (action) {
      case "create title":
        return client.post("/api/custom-elements", element(session, "Grace Hopper", "Admiral"));
      case "set colour":
        return client.post("/api/custom-elements", {
          video_session_id: session,
          custom_element_type_fkey: "primary_color",
          title: "primary-color",
          value: "#112233",
        });
      case "update":
        return client.post("/api/custom-elements/update", { custom_element_id: id, data: { value: "CEO" } });
      case "delete":
        return client.post("/api/custom-elements/delete", { custom_element_id: id });
      case "reorder":
        return client.post("/api/custom-elements/reorder", { video_session_id: session, order: [id] });
      case "show":
        return client.post("/api/video-session/overlay", { video_session_id: session, overlay: id });
      case "upload logo":
        return client.request(
          "POST",
          `/api/video-session/brand-image?video_session_id=${session}&kind=logo`,
          multipart("image", "logo.png", "image/png", await pngOf(40, 20)),
        );
      case "save template":
        return client.post("/api/themes/save", { video_session_id: session, description: "Another" });
      case "apply template":
        return client.post("/api/themes/apply", { theme_id: s.template, video_session_id: session });
      case "delete template":
        return client.post("/api/themes/delete", { theme_id: s.template, video_session_id: session });
      case "create offer":
        return client.post("/api/custom-elements", link(session, "Join the beta"));
      case "show offer":
        return client.post("/api/video-session/update-offer-state", {
          video_session_id: session,
          event_id: foreign ? s.otherEvent : s.event,
          offer_state: [{ id: foreign ? s.foreign : s.offer }],
        });
    }
  }

  // The role × action matrix is the server's checks, not its SQL: once, on PostgreSQL.
  const matrix = (roles: readonly string[]) =>
    engine === "postgres" ? ACTIONS.flatMap((action) => roles.map((who) => ({ who, action }))) : [];

  test.each(matrix(STUDIO_ADMINS))(
    "$who: $action → done, and published to the session",
    async ({ who, action }) => {
      const s = await scene();
      const before = await topicMessages(use(), s.topics.session);
      const res = await send(s, who, action);
      expect(`${res.statusCode} ${res.body}`).toMatch(/^20[01] /);
      const after = await topicMessages(use(), s.topics.session);
      expect(after.length).toBe(before.length + 1);
      expect(after.at(-1)?.event).toBe("studio.changed");
    },
  );

  test.each(matrix(REFUSED))("$who: $action → refused, nothing changes", async ({ who, action }) => {
    const s = await scene();
    const before = await snapshot(s);
    const res = await send(s, who, action);
    expect(res.statusCode).toBe(who === "visitor" ? 401 : 403);
    expect(await snapshot(s)).toEqual(before);
  });

  test.each(matrix(["owner", "host"]))(
    "$who: $action on another event's session → refused",
    async ({ who, action }) => {
      const s = await scene();
      const before = await snapshot(s);
      const res = await send(s, who, action, true);
      expect([403, 404]).toContain(res.statusCode);
      expect(await snapshot(s)).toEqual(before);
    },
  );

  test("a title overlay: created, listed, shown, hidden, and its limits with the spec's messages", async () => {
    const s = await scene();
    const host = s.people.host.client;
    const refusals = [
      [element(s.session, "  ", "x"), "overlay_title_required", "Overlay title requires a title"],
      [
        element(s.session, "x".repeat(33), ""),
        "overlay_title_too_long",
        "The title can be at most 32 characters",
      ],
      [
        element(s.session, "T", "y".repeat(46)),
        "overlay_subtitle_too_long",
        "The subtitle can be at most 45 characters",
      ],
    ] as const;
    const before = await snapshot(s);
    for (const [body, code, message] of refusals) {
      const res = await host.post("/api/custom-elements", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code, message });
    }
    expect(await snapshot(s)).toEqual(before);

    const created = await host.post(
      "/api/custom-elements",
      element(s.session, " Grace Hopper ", "y".repeat(45)),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json().element;
    const shown = (
      await host.post("/api/video-session/overlay", { video_session_id: s.session, overlay: id })
    ).json() as StudioResponse;
    expect(shown.overlay.shown).toBe(id);
    // The team reads every title in order; the guest's picture needs only the one on air.
    const titles = async (who: "host" | "guest") =>
      (
        (await s.people[who].client.get(`/api/video-session/studio?video_session_id=${s.session}`)).json()
          .elements as StudioResponse["elements"]
      )
        .filter((e) => e.type === "title")
        .map((e) => [e.title, e.order]);
    expect(await titles("host")).toEqual([
      ["Ada Lovelace", 0],
      ["Grace Hopper", 1],
    ]);
    expect(await titles("guest")).toEqual([["Grace Hopper", 1]]);
    // A stale view of the overlay is refused rather than undoing someone else's change.
    const stale = await host.post("/api/video-session/overlay", {
      video_session_id: s.session,
      overlay: null,
      last_updated: "2020-01-01T00:00:00.000Z",
    });
    expect(errorCode(stale)).toBe("overlay_changed");
    // Deleting the title on air takes it off the air.
    await host.post("/api/custom-elements/delete", { custom_element_id: id });
    const after = (await host.get(`/api/video-session/studio?video_session_id=${s.session}`)).json();
    expect(after.overlay.shown).toBeNull();
  });

  // Five seconds of waiting for a timer and one UPDATE: once, on the in-process engine.
  test.runIf(engine === "pglite")(
    "the 5 s quick-show hides the title by itself, unless the overlay changed meanwhile",
    async () => {
      // Two sessions side by side: the five seconds are waited once for both cases.
      const [left, kept] = [await scene(), await scene()];
      const overlayOf = async (s: Scene) =>
        (
          (
            await s.people.host.client.get(`/api/video-session/studio?video_session_id=${s.session}`)
          ).json() as StudioResponse
        ).overlay;
      const quickShow = (s: Scene) =>
        s.people.host.client.post("/api/video-session/overlay", {
          video_session_id: s.session,
          overlay: s.title,
          quick: true,
        });
      await quickShow(left);
      await quickShow(kept);
      const keptShownBy = Date.now();
      expect((await overlayOf(left)).shown).toBe(left.title);
      // Shown again for good before the five seconds are up.
      await kept.people.host.client.post("/api/video-session/overlay", {
        video_session_id: kept.session,
        overlay: kept.title,
      });
      await eventually(
        "the title hides",
        async () => (await overlayOf(left)).shown === null,
        OVERLAY_QUICK_SHOW_MS + 3_000,
      );
      const keptTimerPassed = keptShownBy + OVERLAY_QUICK_SHOW_MS + 500 - Date.now();
      await new Promise((r) => setTimeout(r, Math.max(0, keptTimerPassed)));
      expect((await overlayOf(kept)).shown).toBe(kept.title);
    },
  );

  test("the brand: a colour replaces the last; a logo is stored as a PNG under the channel's assets", async () => {
    const s = await scene();
    const host = s.people.host.client;
    const colour = (value: string) =>
      host.post("/api/custom-elements", {
        video_session_id: s.session,
        custom_element_type_fkey: "primary_color",
        title: "anything",
        value,
      });
    expect(errorCode(await colour("red"))).toBe("bad_brand_color");
    await colour("#112233");
    await colour("#abcdef");
    const logo = await host.request(
      "POST",
      `/api/video-session/brand-image?video_session_id=${s.session}&kind=logo`,
      multipart("image", "logo.png", "image/png", await pngOf(1600, 400)),
    );
    expect(logo.statusCode).toBe(200);
    const url = logo.json().element.value as string;
    expect(url).toMatch(new RegExp(`^/files/organization/${s.channel}/assets/[0-9a-f]{32}\\.png$`));
    expect(await imageSize((await host.get(url)).rawPayload)).toEqual({
      format: "png",
      width: 800,
      height: 200,
    });
    const studio = (
      await host.get(`/api/video-session/studio?video_session_id=${s.session}`)
    ).json() as StudioResponse;
    const brand = studio.elements.filter((e) => e.type === "logo" || e.type === "primary_color");
    expect(brand.map((e) => [e.type, e.title, e.value])).toEqual([
      ["logo", "logo", url],
      ["primary_color", "primary-color", "#ABCDEF"],
    ]);
  });

  test.each([
    ["a GIF", "logo.gif", Buffer.from("GIF89a......"), "brand_image_type"],
    ["a text file named .png", "logo.png", Buffer.from("not an image"), "brand_image_type"],
    ["more than 10,000,000 bytes", "big.png", Buffer.alloc(10_000_001, 1), "brand_image_too_large"],
  ])("a logo upload of %s is refused in under a second, nothing stored", async (_, name, bytes, code) => {
    const s = await scene();
    const before = await snapshot(s);
    const started = performance.now();
    const res = await s.people.host.client.request(
      "POST",
      `/api/video-session/brand-image?video_session_id=${s.session}&kind=logo`,
      multipart("image", name, "image/png", bytes),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(errorCode(res)).toBe(code);
    expect(await snapshot(s)).toEqual(before);
  });

  test("in RTMP mode brand and overlays are refused with the spec's tooltip; templates still work", async () => {
    const s = await scene();
    await use().query(`UPDATE video_sessions SET broadcast_type = 'rtmp' WHERE id = $1`, [s.session]);
    const before = await snapshot(s);
    for (const action of ["create title", "set colour", "show", "upload logo", "update"] as const) {
      const res = await send(s, "host", action);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: "studio_rtmp_mode",
        message: "This feature is disabled in RTMP Mode",
      });
    }
    expect(await snapshot(s)).toEqual(before);
    expect((await send(s, "host", "save template")).statusCode).toBe(200);
    // Spec 3 §1: the CTAs stay.
    expect((await send(s, "host", "create offer")).statusCode).toBe(201);
    expect((await send(s, "host", "show offer")).statusCode).toBe(200);
  });

  test("a link CTA: the spec's URL messages, its order, on air for everyone, clicks counted once a person", async () => {
    const s = await scene();
    const host = s.people.host.client;
    const refusals = [
      [link(s.session, " "), "offer_label_required", "A call to action needs a label"],
      [link(s.session, "Deck", "onstage.test/deck"), "offer_url_invalid", "Please enter a valid URL"],
      [
        link(s.session, "Deck", "http://onstage.test/deck"),
        "offer_url_insecure",
        'You\'ve entered an unsecure URL. Please enter a URL that start with "HTTPS".',
      ],
      [link(s.session, "Deck", "javascript:alert(1)"), "offer_url_invalid", "Please enter a valid URL"],
    ] as const;
    const before = await snapshot(s);
    for (const [body, code, message] of refusals) {
      const res = await host.post("/api/custom-elements", body);
      expect(res.json().error).toMatchObject({ code, message });
    }
    expect(await snapshot(s)).toEqual(before);
    // Spec 3 §4: a new offer's order is the count of the session's offers.
    const second = (await host.post("/api/custom-elements", link(s.session, " Join the beta "))).json()
      .element;
    expect(second).toMatchObject({ title: "Join the beta", order: 1 });

    const studioOf = async (who: "host" | "guest") =>
      (
        await s.people[who].client.get(`/api/video-session/studio?video_session_id=${s.session}`)
      ).json() as StudioResponse;
    const offers = (r: StudioResponse) => r.elements.filter((e) => e.type === "offer").map((e) => e.id);
    expect(offers(await studioOf("guest"))).toEqual([]);
    const click = (who: "guest" | "speaker", id = s.offer) =>
      s.people[who].client.post("/api/offers/click", { custom_element_id: id });
    expect(errorCode(await click("guest"))).toBe("offer_not_shown");

    const shown = await host.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [{ id: s.offer, data: { anything: "ignored" } }],
    });
    expect(shown.json().offer).toEqual({ shown: s.offer, shownAt: expect.any(String) });
    const published = (await topicMessages(use(), s.topics.session)).at(-1);
    expect(published?.event).toBe("studio.changed");
    // The session's topic carries what its audience may see: the CTA on air, not the one kept back.
    expect(offers(published?.payload as StudioResponse)).toEqual([s.offer]);
    expect(offers(await studioOf("guest"))).toEqual([s.offer]);

    expect((await click("guest")).json()).toEqual({ clicks: 1 });
    expect((await click("guest")).json()).toEqual({ clicks: 1 });
    expect((await click("speaker")).json()).toEqual({ clicks: 2 });
    expect(errorCode(await click("guest", second.id))).toBe("offer_not_shown");
    expect((await studioOf("host")).offerClicks).toEqual([{ elementId: s.offer, clicks: 2 }]);
    expect((await studioOf("guest")).offerClicks).toEqual([]);

    // Only an offer of this session goes on air; an empty list hides.
    const wrong = await host.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [{ id: s.title }],
    });
    expect(errorCode(wrong)).toBe("element_not_found");
    await host.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [],
    });
    expect((await studioOf("guest")).offer).toEqual({ shown: null, shownAt: null });
    expect(errorCode(await click("guest"))).toBe("offer_not_shown");
  });

  test("the replay's CTAs: each time on air as it read, an edit on air a new one, hiding ends it", async () => {
    const s = await scene();
    const host = s.people.host.client;
    const offerState = (id: number | null) =>
      host.post("/api/video-session/update-offer-state", {
        video_session_id: s.session,
        event_id: s.event,
        offer_state: id === null ? [] : [{ id }],
      });
    await offerState(s.offer);
    await host.post("/api/custom-elements/update", {
      custom_element_id: s.offer,
      data: { title: "Get the new deck" },
    });
    await offerState(null);
    const shows = (
      await s.people.guest.client.get(`/api/video-session/offer-shows?video_session_id=${s.session}`)
    ).json().shows as { elementId: number; label: string; shownAt: string; hiddenAt: string | null }[];
    expect(shows.map((show) => [show.elementId, show.label])).toEqual([
      [s.offer, "Get the deck"],
      [s.offer, "Get the new deck"],
    ]);
    expect(shows.every((show) => show.hiddenAt !== null && show.hiddenAt >= show.shownAt)).toBe(true);
    expect(shows[1]?.shownAt).toBe(shows[0]?.hiddenAt);
    // Deleting the CTA later keeps what the replay showed.
    await host.post("/api/custom-elements/delete", { custom_element_id: s.offer });
    const after = (await s.as("banned").get(`/api/video-session/offer-shows?video_session_id=${s.session}`))
      .statusCode;
    expect(after).toBe(403);
    const kept = (await host.get(`/api/video-session/offer-shows?video_session_id=${s.session}`)).json()
      .shows;
    expect(
      kept.map((show: { elementId: number | null; label: string }) => [show.elementId, show.label]),
    ).toEqual([
      [null, "Get the deck"],
      [null, "Get the new deck"],
    ]);
  });

  test("a visitor's click on a CTA is refused, a banned person's too (the flood limit: audience-floods.test.ts)", async () => {
    const s = await scene();
    await s.people.host.client.post("/api/video-session/update-offer-state", {
      video_session_id: s.session,
      event_id: s.event,
      offer_state: [{ id: s.offer }],
    });
    const click = (who: string) => s.as(who).post("/api/offers/click", { custom_element_id: s.offer });
    expect((await click("visitor")).statusCode).toBe(401);
    expect((await click("banned")).statusCode).toBe(403);
    expect((await click("guest")).json()).toEqual({ clicks: 1 });
  });

  test("a template saved from one session and applied to another brings the same elements", async () => {
    const s = await scene();
    const host = s.people.host.client;
    await host.post("/api/custom-elements", {
      video_session_id: s.session,
      custom_element_type_fkey: "primary_color",
      title: "primary-color",
      value: "#112233",
    });
    const saved = await host.post("/api/themes/save", {
      video_session_id: s.session,
      description: "  Weekly  ",
    });
    // Spec 3 §5: a duplicate name is reported and saved all the same.
    expect(saved.json()).toMatchObject({ titleExists: true, theme: { description: "Weekly" } });
    expect(
      errorCode(await host.post("/api/themes/save", { video_session_id: s.session, description: " " })),
    ).toBe("template_name_required");
    const themeId = saved.json().theme.id as number;
    const applied = (
      await host.post("/api/themes/apply", { theme_id: themeId, video_session_id: s.otherSession })
    ).json() as StudioResponse;
    const shape = (r: StudioResponse) =>
      r.elements.map(({ type, title, value, order }) => ({ type, title, value, order }));
    const source = (
      await host.get(`/api/video-session/studio?video_session_id=${s.session}`)
    ).json() as StudioResponse;
    expect(shape(applied)).toEqual(shape(source));
    expect(applied.themeId).toBe(themeId);
    const themes = (await host.get(`/api/themes?video_session_id=${s.session}`)).json().themes;
    expect(themes.map((t: { description: string }) => t.description)).toEqual(["Weekly", "Weekly"]);
  });

  test("the session's readers read its studio; the banned do not", async () => {
    const s = await scene();
    const res = await s.people.guest.client.get(`/api/video-session/studio?video_session_id=${s.session}`);
    expect(res.statusCode).toBe(200);
    const banned = await s.as("banned").get(`/api/video-session/studio?video_session_id=${s.session}`);
    expect(banned.statusCode).toBe(403);
  });
});
