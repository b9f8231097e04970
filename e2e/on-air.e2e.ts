import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SESSION_STATUS_LABELS, type StudioResponse, stageLayout } from "@onstage/domain";
import ogs from "open-graph-scraper";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { pagesPdf } from "../apps/server/src/testing/slides/pdf-writer";
import { ClipsPanel } from "./pages/clips";
import { EventPage } from "./pages/EventPage";
import { PollsPanel } from "./pages/polls";
import { joinStage, seesVideoOf } from "./pages/stage";
import { StudioPanel } from "./pages/studio";
import { signInBrowser, signInByMailedLink } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";

// Issue 11 "Must show": the host and a speaker in the greenroom see each other over WebRTC; the host
// goes live with recording; a guest plays the program over HLS, the speakers' tiles in the feed's
// layout (and, issue 24, the studio's brand and title on it); the host ends; the guest sees the replay, and ?clip_start_time=10 starts it at 10 s. The demo
// summit's "Rehearsal" session is in the greenroom with Dana (host) and Sam (speaker); Ada is registered.
const browser = useBrowser();
const run = promisify(execFile);
const SESSION_TITLE = "Rehearsal";
const PROGRAM = { width: 1280, height: 720 };
const HOST_CLIP = "Summit highlight";
const GUEST_CLIP = "Guest moment";

async function newContext(): Promise<BrowserContext> {
  const context = await browser.page().context().browser()?.newContext({ baseURL: browser.baseUrl });
  if (!context) throw new Error("no browser");
  return context;
}

async function rehearsal(page: Page): Promise<{ path: string; eventId: number; sessionId: number }> {
  const data = (await (await page.request.get("/api/events/by-code/summit")).json()) as {
    event: { id: number };
    sessions: { id: number; title: string; urlHash: string }[];
  };
  const session = data.sessions.find((s) => s.title === SESSION_TITLE);
  if (!session) throw new Error("no rehearsal session in the demo");
  return { path: `/c/summit/${session.urlHash}`, eventId: data.event.id, sessionId: session.id };
}

/** Launches a poll as the host, through the API with the host page's cookies; returns its shownAt (ms). */
async function launchPoll(host: Page, at: { eventId: number; sessionId: number }, question: string) {
  const { csrfToken } = (await (await host.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await host.request.post("/api/polls", {
    headers: { "x-csrf-token": csrfToken },
    data: { event_id: at.eventId, session_id: at.sessionId, question, options: ["Yes", "No"] },
  });
  expect(res.status()).toBe(201);
  return Date.parse(((await res.json()) as { poll: { shownAt: string } }).poll.shownAt);
}

/**
 * Watches the guest's Polls tab for the poll: the program dates its player showed (data-program-date,
 * the clock the in-step modules compare with, sampled every 50 ms) until the poll appears, and the date
 * and time it appeared at; after `timeoutMs` without it, what the tab shows instead.
 */
function watchForPoll(guest: Page, question: string, timeoutMs: number) {
  type Seen = { programDate: number; at: number; samples: { date: number; at: number }[] };
  return guest.evaluate(
    ({ question, timeoutMs }) =>
      new Promise<Seen | { missing: string }>((resolve) => {
        const programDate = () =>
          Number(document.querySelector<HTMLVideoElement>("video[data-program-date]")?.dataset.programDate);
        const samples: { date: number; at: number }[] = [];
        const sampling = setInterval(() => samples.push({ date: programDate(), at: performance.now() }), 50);
        const isShown = () =>
          Array.from(document.querySelectorAll("article")).some((a) => a.textContent?.includes(question));
        const observer = new MutationObserver(() => {
          if (!isShown()) return;
          observer.disconnect();
          clearInterval(sampling);
          resolve({ programDate: programDate(), at: performance.now(), samples });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          clearInterval(sampling);
          const polls = document.querySelector("[aria-label=Polls]")?.textContent;
          resolve({ missing: `program date ${programDate()}, polls: ${polls}` });
        }, timeoutMs);
      }),
    { question, timeoutMs },
  );
}

type Point = { x: number; y: number };

/**
 * The playing video's frame as the viewer sees it, drawn at the program's size: the colours at
 * `places`, or, without them, the whole frame as base64 (an array of 3.7 million numbers took seconds
 * of both processes' CPU to pass as JSON).
 */
function drawnFrame(page: Page, label: string, places: Record<string, Point> | null) {
  return page.getByLabel(label).evaluate(
    (video: HTMLVideoElement, { size, places }) => {
      const canvas = document.createElement("canvas");
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext("2d", { willReadFrequently: true });
      if (!ctx) throw new Error("no 2d context");
      ctx.drawImage(video, 0, 0, size.width, size.height);
      if (places) {
        const read = ({ x, y }: Point) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
        return Object.fromEntries(Object.entries(places).map(([k, p]) => [k, read(p)]));
      }
      const data = ctx.getImageData(0, 0, size.width, size.height).data;
      let binary = "";
      for (let i = 0; i < data.length; i += 0x8000)
        binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { size: PROGRAM, places },
  );
}

/** The whole frame, RGBA. */
const frameOf = (page: Page, label: string) =>
  drawnFrame(page, label, null).then((base64) => new Uint8Array(Buffer.from(base64 as string, "base64")));

/** The colours at a few program places (reading the whole frame costs more). */
const pixelsOf = <K extends string>(page: Page, label: string, at: Record<K, Point>) =>
  drawnFrame(page, label, at) as Promise<Record<K, number[]>>;

const pixel = (frame: Uint8Array, x: number, y: number) => {
  const i = (Math.round(y) * PROGRAM.width + Math.round(x)) * 4;
  return [frame[i] ?? 0, frame[i + 1] ?? 0, frame[i + 2] ?? 0];
};
/** Within what video compression leaves of a colour. */
const near = (hex: string) => {
  const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return (got: number[]) => want.every((c, i) => Math.abs((got[i] ?? 0) - c) < 40);
};
const isBrand = near("#EC5F3E");

/** Issue 24 "Must show": the studio's brand and title, by colours the picture cannot have otherwise. */
const STUDIO = { colour: "#FFB300", background: "#2E7D32", logo: "#1565C0" } as const;
const solidPng = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
/** Issue 25 §2: an 8 s H.264/AAC clip of a 3 kHz tone, a pitch nothing else on the stage makes. */
const TONE_HZ = 3_000;
/** A clear tone's band stands this far above the silence between the fake microphones' beeps. */
const TONE_HEARD_DB = -60;
async function toneClip(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "onstage-tone-"));
  const out = path.join(dir, "tone.mp4");
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "color=c=0x8E24AA:size=640x360:rate=30:duration=8"],
    ...["-f", "lavfi", "-i", `sine=frequency=${TONE_HZ}:sample_rate=48000:duration=8`],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", out],
  ]);
  const bytes = await readFile(out);
  await rm(dir, { recursive: true, force: true });
  return bytes;
}

/** The loudest level (dB) around TONE_HZ in what the viewer's player plays, through WebAudio. */
function toneLevel(page: Page, label: string): Promise<number> {
  return page.getByLabel(label).evaluate((video: HTMLVideoElement, hz) => {
    const w = window as unknown as { toneAnalyser?: AnalyserNode };
    if (!w.toneAnalyser) {
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 4096;
      context.createMediaElementSource(video).connect(analyser);
      analyser.connect(context.destination);
      w.toneAnalyser = analyser;
    }
    const analyser = w.toneAnalyser;
    const bins = new Float32Array(analyser.frequencyBinCount);
    analyser.getFloatFrequencyData(bins);
    const at = Math.round(hz / (analyser.context.sampleRate / analyser.fftSize));
    return Math.max(...bins.slice(at - 3, at + 4));
  }, TONE_HZ);
}

/** Issue 25 §1: a deck whose pages say which they are, and a program place inside the slide's page. */
const SLIDE_COLOURS = ["#C62828", "#1565C0", "#2E7D32"] as const;
const SLIDE_PLACE = { slide: { x: 600, y: 450 } };
/** Program pixels inside each layer (painters/logo.ts, painters/title.ts): a 2:1 logo fills 200x100. */
const STUDIO_PLACES = {
  background: { x: 4, y: 4 },
  logo: { x: 1148, y: 82 },
  titleBand: { x: 70, y: 596 },
  subtitleBand: { x: 70, y: 648 },
} as const;

type StudioPlace = keyof typeof STUDIO_PLACES;

/** Whether each studio layer shows at its place, given the colour read at each place. */
function studioLayers(at: (place: StudioPlace) => number[]) {
  return {
    background: near(STUDIO.background)(at("background")),
    logo: near(STUDIO.logo)(at("logo")),
    title: near("#111827")(at("titleBand")) && near(STUDIO.colour)(at("subtitleBand")),
  };
}

/** The same places on the host's stage: its canvases under and over the tiles, at their scale. */
function stageLayers(page: Page) {
  return page.evaluate((places) => {
    const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>(".stage-picture canvas"));
    const read = (canvas: HTMLCanvasElement | undefined, { x, y }: { x: number; y: number }) => {
      const scale = (canvas?.width ?? 0) / 1280;
      const data = canvas
        ?.getContext("2d")
        ?.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data;
      return Array.from(data?.slice(0, 3) ?? []);
    };
    const [under, over] = canvases;
    return {
      background: read(under, places.background),
      logo: read(over, places.logo),
      titleBand: read(over, places.titleBand),
      subtitleBand: read(over, places.subtitleBand),
    };
  }, STUDIO_PLACES);
}

/** Light pixels (the name's letters) in the bottom bar of a tile. */
function lightPixelsInNameBar(
  frame: Uint8Array,
  tile: { x: number; y: number; width: number; height: number },
  bar: number,
) {
  let light = 0;
  for (let x = tile.x; x < tile.x + tile.width / 2; x += 2)
    for (let y = tile.y + tile.height - bar; y < tile.y + tile.height; y += 2) {
      const [r, g, b] = pixel(frame, x, y);
      if ((r ?? 0) > 200 && (g ?? 0) > 200 && (b ?? 0) > 200) light++;
    }
  return light;
}

/** Applies the named template to another session of the summit (the API, as the menu does) and compares. */
async function expectTemplateAppliesElsewhere(host: Page, sessionId: number, name: string) {
  const { csrfToken } = (await (await host.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const studioOf = async (id: number) =>
    (await (
      await host.request.get(`/api/video-session/studio?video_session_id=${id}`)
    ).json()) as StudioResponse;
  const themes = (await (await host.request.get(`/api/themes?video_session_id=${sessionId}`)).json()) as {
    themes: { id: number; description: string }[];
  };
  const theme = themes.themes.find((t) => t.description === name);
  const data = (await (await host.request.get("/api/events/by-code/summit")).json()) as {
    sessions: { id: number }[];
  };
  const other = data.sessions.find((s) => s.id !== sessionId);
  if (!theme || !other) throw new Error("no template or no other session");
  const applied = await host.request.post("/api/themes/apply", {
    headers: { "x-csrf-token": csrfToken },
    data: { theme_id: theme.id, video_session_id: other.id },
  });
  expect(applied.status()).toBe(200);
  const shape = (s: StudioResponse) =>
    s.elements.map(({ type, title, value, order }) => ({ type, title, value, order }));
  const [mine, theirs] = [await studioOf(sessionId), await studioOf(other.id)];
  expect(shape(theirs)).toEqual(shape(mine));
  expect(shape(mine).map((e) => e.type)).toEqual(["background", "logo", "primary_color", "title"]);
}

async function videoState(page: Page, label: string) {
  return page
    .getByLabel(label)
    .evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, width: v.videoWidth, duration: v.duration }));
}

test("on air: greenroom over WebRTC, live with recording over HLS to a guest, then the replay from 10 s", async () => {
  const host = browser.page();
  const speakerContext = await newContext();
  const guestContext = await newContext();
  try {
    const speaker = await speakerContext.newPage();
    const guest = await guestContext.newPage();
    await signInBrowser(host.request, DEMO_HOST);
    await signInByMailedLink(speaker.request, browser.baseUrl, "sam@onstage.test");
    await signInByMailedLink(guest.request, browser.baseUrl, "ada@onstage.test");
    const { path, ...at } = await rehearsal(host);

    // The greenroom: the team is on stage and sees itself; the registered guest waits on the event page.
    await joinStage(host, path);
    await joinStage(speaker, path);
    await seesVideoOf(host, "Sam Speaker");
    await seesVideoOf(speaker, "Dana Host");
    // Issue 27: a room this small watches over WebRTC (delivery.e2e.ts); this guest is the HLS audience.
    await guest.goto(`${path}?useHLS`);
    await guest.getByRole("heading", { name: "Onstage Summit 2026", level: 1 }).waitFor();
    expect(await guest.getByLabel("Live video").count()).toBe(0);

    // Go live and record (a multi-session event asks first whether to call the audience).
    await host.getByRole("button", { name: "Go live", exact: true }).click();
    const dialog = host.getByRole("dialog", { name: "Go live" });
    await dialog.getByRole("button", { name: "No, stay in this session only" }).click();
    await dialog.getByRole("button", { name: "Go live and record" }).click();
    await host.getByText("You're live!").waitFor({ timeout: 45_000 });
    const liveAt = Date.now();

    // The event page opens the room by itself; the guest plays the program over HLS: frames decode and
    // time advances.
    await guest.getByLabel("Live video").waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await videoState(guest, "Live video")).width, { timeout: 30_000, interval: 500 })
      .toBeGreaterThan(0);
    const before = (await videoState(guest, "Live video")).time;
    await expect
      // A loaded 2-core machine has stalled the first seconds of the guest's playback for over 15 s.
      .poll(async () => (await videoState(guest, "Live video")).time, { timeout: 30_000, interval: 500 })
      .toBeGreaterThan(before + 1);

    // The feed's layout: two tiles where stageLayout puts them, on the brand colour, with a name in
    // each tile's name bar.
    const layout = stageLayout(2, PROGRAM.width, PROGRAM.height);
    await expect
      .poll(
        async () => {
          const frame = await frameOf(guest, "Live video");
          return {
            border: isBrand(pixel(frame, 4, 4)),
            tiles: layout.tiles.map((t) => !isBrand(pixel(frame, t.x + t.width / 2, t.y + t.height / 2))),
            names: layout.tiles.map((t) => lightPixelsInNameBar(frame, t, layout.nameBarHeight) > 20),
          };
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toEqual({ border: true, tiles: [true, true], names: [true, true] });

    // Issue 12 §11: a poll the host launches reaches the HLS guest when their picture reaches the moment,
    // never before, and within half a second of it.
    const guestPolls = new PollsPanel(guest);
    await guestPolls.open();
    const question = `Seen it? ${Date.now()}`;
    const seen = watchForPoll(guest, question, 20_000);
    const shownAt = await launchPoll(host, at, question);
    // Launched, and the guest's picture (seconds behind) has not shown it yet: the poll waits.
    const pictureAtLaunch = await guest.getByLabel("Live video").getAttribute("data-program-date");
    expect(Number(pictureAtLaunch)).toBeLessThan(shownAt);
    expect(await guestPolls.poll(question).count()).toBe(0);
    const when = await seen;
    if (!("programDate" in when)) throw new Error(`the poll never reached the guest: ${when.missing}`);
    expect(when.programDate).toBeGreaterThanOrEqual(shownAt);
    // Within half a second of the picture reaching the launch (a player that catches up by jumping
    // reaches it past the moment: what counts is when its picture first showed a date at or after it).
    const reached = when.samples.find((sample) => sample.date >= shownAt);
    expect(when.at - (reached?.at ?? when.at)).toBeLessThan(500);

    // Issue 24: the host's studio sets the brand and puts a title on air; the guest's HLS picture and
    // the host's stage show them at their places, and the title leaves both when hidden.
    const studio = new StudioPanel(host);
    await studio.open();
    await studio.setColour(STUDIO.colour);
    await studio.upload("Logo", await solidPng(400, 200, STUDIO.logo));
    await studio.upload("Background", await solidPng(1920, 1080, STUDIO.background));
    await studio.createTitle("Ada Lovelace", "Analyst");
    await studio.show("Ada Lovelace");
    const guestSees = async () => {
      const seen = await pixelsOf(guest, "Live video", STUDIO_PLACES);
      return studioLayers((place) => seen[place]);
    };
    await expect
      .poll(guestSees, { timeout: 30_000, interval: 1_000 })
      .toEqual({ background: true, logo: true, title: true });
    const onStage = await stageLayers(host);
    expect(studioLayers((place) => onStage[place])).toEqual({ background: true, logo: true, title: true });
    await host.getByRole("status", { name: "Title on stage" }).getByText("Analyst").waitFor();
    await studio.hide("Ada Lovelace");
    await expect
      .poll(guestSees, { timeout: 30_000, interval: 1_000 })
      .toEqual({ background: true, logo: true, title: false });
    // Issue 25 §1: a deck on air; the presenter moves to page 2 and the guest's HLS picture shows it
    // (each page its own colour; the slide takes the left three quarters beside the two tiles).
    const deck = await studio.uploadSlides("Colours.pdf", pagesPdf(3, { colors: SLIDE_COLOURS }), 3);
    await deck.getByRole("button", { name: "Show Colours" }).click();
    await deck.getByRole("button", { name: "Next page" }).click();
    await deck.getByText("Page 2 of 3").waitFor();
    const slideSeen = async () =>
      near(SLIDE_COLOURS[1])((await pixelsOf(guest, "Live video", SLIDE_PLACE)).slide);
    await expect.poll(slideSeen, { timeout: 30_000, interval: 1_000 }).toBe(true);
    await deck.getByRole("button", { name: "Hide Colours" }).click({ timeout: 5_000 });
    await expect.poll(slideSeen, { timeout: 30_000, interval: 1_000 }).toBe(false);
    // Issue 25 §2: a shared video on air; its 3 kHz tone reaches the guest's HLS sound, and stops with it.
    await studio.uploadVideo("Tone.mp4", await toneClip(), /0:0[78]/);
    await studio.showVideo("Tone");
    await guest.getByRole("button", { name: "Unmute" }).click();
    const toneHeard = async () => (await toneLevel(guest, "Live video")) > TONE_HEARD_DB;
    await expect.poll(toneHeard, { timeout: 30_000, interval: 500 }).toBe(true);
    await studio.hideVideo("Tone");
    await expect.poll(toneHeard, { timeout: 30_000, interval: 500 }).toBe(false);
    // A template saved from this session, applied to another, brings the same elements.
    await studio.saveTemplate("Summit look");
    await expectTemplateAppliesElsewhere(host, at.sessionId, "Summit look");

    // Issue 26 §1: the host clips 20 s of the recording while live; a clip is not played while live.
    const hostClips = new ClipsPanel(host);
    await hostClips.open();
    await hostClips.create(HOST_CLIP, 20);
    await hostClips.ready(HOST_CLIP);
    expect(await hostClips.action(HOST_CLIP, "Play").count()).toBe(0);

    // Record long enough for a replay from 10 s, then end the live.
    const recorded = 16_000 - (Date.now() - liveAt);
    if (recorded > 0) await host.waitForTimeout(recorded);
    // The program date of the last frame the guest's player showed (data-program-date, every 250 ms).
    await guest.getByLabel("Live video").evaluate((video: HTMLVideoElement) => {
      video.addEventListener("timeupdate", () => {
        document.body.dataset.lastPicture = video.dataset.programDate ?? "";
      });
    });
    const endedAt = Date.now();
    await host.getByRole("button", { name: "End live", exact: true }).click();

    // Issue 23 §3.2: the guest's picture is seconds behind the End: they see the program to its last
    // frame, then the post-event page. Spec 1 §4: a guest is back on the event page, which says the
    // session has ended (issue 23 §3.1) and offers its recording.
    const over = new EventPage(guest).sessionOverPanel(SESSION_STATUS_LABELS.over);
    await over.waitFor({ timeout: 30_000 });
    const lastPicture = Number(await guest.evaluate(() => document.body.dataset.lastPicture));
    // Within 2 s of the End: the last second's segment and the player's 250 ms reports, on a loaded
    // machine (a clean-clone CI run saw 1.53 s).
    expect(lastPicture).toBeGreaterThan(endedAt - 2_000);
    expect(await guest.getByText(SESSION_STATUS_LABELS.starting).count()).toBe(0);
    expect(await guest.getByRole("button", { name: /add to calendar/i }).count()).toBe(0);
    await over.getByRole("link", { name: SESSION_STATUS_LABELS.replay }).click();
    await guest.getByLabel("Replay").waitFor({ timeout: 30_000 });
    expect(new URL(guest.url()).search).toBe("?replay");

    // A replay link with a start time opens the recording there.
    await guest.goto(`${path}?clip_start_time=10`);
    await guest.getByLabel("Replay").waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await videoState(guest, "Replay")).time, { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(10);
    const replay = await videoState(guest, "Replay");
    expect(replay.width).toBeGreaterThan(0);
    expect(replay.duration).toBeGreaterThanOrEqual(10);
  } finally {
    await speakerContext.close();
    await guestContext.close();
  }
}, 420_000);

/** A JSON POST as the page's signed-in user (its CSRF token first). */
async function postAs(page: Page, url: string, data: Record<string, unknown>) {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const res = await page.request.post(url, { headers: { "x-csrf-token": csrfToken }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** A page of another origin framing the clip's embed and the event page. */
async function framingSite(baseUrl: string, slug: string) {
  const server = createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end(`<!doctype html><title>Another site</title>
<iframe id="clip" title="Clip" src="${baseUrl}/embed/clips/${slug}" width="100%" height="800"></iframe>
<iframe id="event" title="Event" src="${baseUrl}/c/summit" width="100%" height="400"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

test("clips after the end: the host's clip in a guest's Clips, the guest clips too, the clip page plays and unfurls, only the embed is framed, download, a registration from the clip counts for the host", async () => {
  const host = browser.page();
  const guestContext = await newContext();
  const newcomerContext = await newContext();
  try {
    const guest = await guestContext.newPage();
    await signInBrowser(host.request, DEMO_HOST);
    await signInByMailedLink(guest.request, browser.baseUrl, "ada@onstage.test");
    const { path, ...at } = await rehearsal(host);
    // End event: a guest's Clips tab is there once the session has ended (spec 2 §2).
    await postAs(host, "/api/video-session/update-video-session", {
      video_session_id: at.sessionId,
      event_id: at.eventId,
      video_session_state: "ended",
      is_recording: false,
    });

    // The guest meets the host's clip and, in a replay at 40 s, clips the 20 s before.
    await guest.goto(`${path}?clip_start_time=40`);
    await expect
      .poll(async () => (await videoState(guest, "Replay")).time, { timeout: 30_000, interval: 500 })
      .toBeGreaterThanOrEqual(40);
    await guest.getByLabel("Replay").evaluate((video: HTMLVideoElement) => video.pause());
    const guestClips = new ClipsPanel(guest);
    await guestClips.open();
    await guestClips.ready(HOST_CLIP);
    expect(await guestClips.action(HOST_CLIP, "Download").count()).toBe(0);
    expect(
      await guestClips
        .region()
        .getByText(/\d+ views?/)
        .count(),
    ).toBe(0);
    expect(await axeViolations(guest)).toEqual([]);
    await guestClips.create(GUEST_CLIP, 20);
    await guestClips.ready(GUEST_CLIP);
    await guestClips.action(GUEST_CLIP, "Share").click();
    const share = guest.getByRole("dialog", { name: "Share clip" });
    const { clips } = (await (
      await guest.request.get(`/api/clips?video_session_id=${at.sessionId}`)
    ).json()) as {
      clips: { id: number; slug: string; title: string; startTime: number; endTime: number }[];
    };
    const clip = clips.find((c) => c.title === HOST_CLIP);
    if (!clip) throw new Error("the host's clip is not listed");
    const guestClip = clips.find((c) => c.title === GUEST_CLIP);
    expect(guestClip).toMatchObject({ startTime: 20, endTime: 40 });
    expect(await share.getByRole("textbox", { name: "Link" }).inputValue()).toBe(
      `${browser.baseUrl}/clips/${guestClip?.slug}`,
    );
    expect(await share.getByRole("textbox", { name: "Embed code" }).inputValue()).toContain(
      'width="100%" height="800"',
    );
    expect(await axeViolations(guest)).toEqual([]);
    await share.press("Escape");

    // The clip page plays the MP4 (and counts the view); its tags read as a video through an Open Graph parser.
    await guest.goto(`/clips/${clip.slug}`);
    const video = guest.getByLabel(HOST_CLIP, { exact: true });
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await axeViolations(guest)).toEqual([]);
    const html = await (await fetch(`${browser.baseUrl}/clips/${clip.slug}`)).text();
    const { result } = await ogs({ html });
    expect(result.ogTitle).toBe(HOST_CLIP);
    expect(result.ogType).toBe("video.other");
    expect(result.ogVideo?.[0]).toMatchObject({
      url: `${browser.baseUrl}/files/clips/${clip.slug}.mp4`,
      type: "video/mp4",
    });
    expect(result.ogImage?.[0]?.url).toBe(`${browser.baseUrl}/files/clips/${clip.slug}.jpg`);
    expect(result.twitterCard).toBe("player");

    // Another site may frame the embed, and not the event page.
    const site = await framingSite(browser.baseUrl, clip.slug);
    try {
      await guest.goto(site.url);
      await guest.frameLocator("#clip").getByRole("link", { name: "Register" }).waitFor({ timeout: 20_000 });
      await guest.waitForTimeout(1_000);
      expect(await guest.frameLocator("#event").getByRole("heading").count()).toBe(0);
    } finally {
      await site.close();
    }

    // A newcomer registers from the clip page: the registration carries the clip.
    const newcomer = await newcomerContext.newPage();
    await signInBrowser(newcomer.request, {
      email: `clip-fan-${Date.now()}@example.test`,
      firstName: "Clip",
      lastName: "Fan",
    });
    await newcomer.goto(`/clips/${clip.slug}`);
    await newcomer.getByRole("link", { name: "Register" }).click();
    const registered = async () =>
      (
        (await (await newcomer.request.get("/api/events/by-code/summit")).json()) as {
          viewer: { isRegistered: boolean };
        }
      ).viewer.isRegistered;
    await expect.poll(registered, { timeout: 20_000 }).toBe(true);
    // Spec 1 §2: the event page's clip_id opens the clip.
    await newcomer.getByRole("dialog").getByLabel(HOST_CLIP, { exact: true }).waitFor();

    // The host: both clips, analytics for the host's own (a view, a registration), and its download.
    // The session is over: its page offers the replay, with the room's modules beside it.
    await host.goto(`${path}?replay`);
    const hostClips = new ClipsPanel(host);
    await hostClips.open();
    await hostClips.ready(GUEST_CLIP);
    const stats = hostClips.item(HOST_CLIP);
    await stats.getByText("1 view", { exact: true }).waitFor();
    await stats.getByText("1 registration", { exact: true }).waitFor();
    const download = host.waitForEvent("download");
    await hostClips.action(HOST_CLIP, "Download").click();
    expect((await download).suggestedFilename()).toBe(`${HOST_CLIP}.mp4`);
    expect(await axeViolations(host)).toEqual([]);
  } finally {
    await guestContext.close();
    await newcomerContext.close();
  }
}, 180_000);
