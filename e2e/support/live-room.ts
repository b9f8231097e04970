import type { APIRequestContext, Browser, Page } from "playwright-core";
import { DEMO_HOST } from "../../apps/server/src/features/demo/content";
import { signInBrowser } from "./api";
import { csrfHeaders, eventOfDemoHost } from "./dashboard";
import { signUpVerified } from "./verified-account";

/** The six people of the journey's room, by first and last name. */
export const PEOPLE = {
  mia: { firstName: "Mia", lastName: "Moderator" },
  sid: { firstName: "Sid", lastName: "Speaker" },
  ann: { firstName: "Ann", lastName: "Hand" },
  bob: { firstName: "Bob", lastName: "Invitee" },
  gus: { firstName: "Gus", lastName: "Heckler" },
} as const;
export const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;

export interface LiveRoom {
  /** Dana Host, the demo channel's owner. */
  host: Page;
  /** The event's moderator. */
  mia: Page;
  /** The speaker of the live session. */
  sid: Page;
  /** Guests: Ann comes in through the lobby, Bob and Gus are registered. */
  ann: Page;
  bob: Page;
  gus: Page;
  event: { id: number; eventCode: string; title: string; mainId: number };
  /** The live session's path, /c/{code}/{urlHash}. */
  session: string;
  close: () => Promise<void>;
}

export async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const res = await request.post(path, { headers: await csrfHeaders(request), data });
  if (!res.ok()) throw new Error(`${path} refused: ${res.status()} ${await res.text()}`);
}

/** The host moves the session through `states`, as its controls would (no program feed on this machine). */
export async function moveSession(request: APIRequestContext, event: LiveRoom["event"], states: string[]) {
  for (const state of states) {
    await post(request, "/api/video-session/update-video-session", {
      video_session_id: event.mainId,
      event_id: event.id,
      video_session_state: state,
      is_recording: false,
    });
  }
}

/**
 * The host ends a broadcast a test left live: its program feed stops now, rather than show the
 * 'Reconnecting…' slate to nobody for ten minutes while the next tests run.
 */
export async function endBroadcast(request: APIRequestContext, eventId: number, sessionId: number) {
  await post(request, "/api/video-session/update-video-session", {
    video_session_id: sessionId,
    event_id: eventId,
    video_session_state: "postevent",
    is_recording: false,
  });
}

/**
 * As the demo host: a multi-session event whose 'Main hall' is live, with four sessions coming up, so
 * the lobby shows 3 of them and '+1 more'.
 */
async function liveMultiSessionEvent(request: APIRequestContext) {
  const created = await eventOfDemoHost(request, { multiSession: true, firstSessionTitle: "Main hall" });
  const main = created.sessions[0];
  if (!main) throw new Error("no session");
  const { id, eventCode } = created.event;
  for (const [i, title] of ["Track B", "Track C", "Track D", "Track E"].entries()) {
    const timeScheduled = `2031-01-0${i + 2}T10:00:00.000Z`;
    await post(request, `/api/dash/events/${id}/sessions`, { title, timeScheduled, durationMinutes: 60 });
  }
  const page = (await (await request.get(`/api/events/by-code/${eventCode}`)).json()) as {
    event: { title: string };
  };
  const event = { id, eventCode, title: page.event.title, mainId: main.id };
  await moveSession(request, event, ["greenroom", "broadcasting"]);
  return { event, session: `/c/${eventCode}/${main.urlHash}` };
}

/** A new verified person signed up in a browser context of their own; returns the page and their id. */
async function person(browser: Browser, baseUrl: string, who: { firstName: string; lastName: string }) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const email = `journey-${who.firstName.toLowerCase()}-${Date.now()}@example.test`;
  await signUpVerified(page.request, baseUrl, { email, ...who });
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: number } };
  return { page, id: me.user.id };
}

/**
 * Set up through the API: the live event, the five others signed up, Mia made moderator and Sid the
 * session's speaker, Bob and Gus registered (so the Registered list shows them to the team). Nobody has
 * opened a page yet; the host is signed in on `hostPage`.
 */
export async function setUpLiveRoom(hostPage: Page, baseUrl: string): Promise<LiveRoom> {
  const browser = hostPage.context().browser() as Browser;
  await signInBrowser(hostPage.request, DEMO_HOST);
  const keys = Object.keys(PEOPLE) as (keyof typeof PEOPLE)[];
  const [live, ...signedUp] = await Promise.all([
    liveMultiSessionEvent(hostPage.request),
    ...keys.map((key) => person(browser, baseUrl, PEOPLE[key])),
  ]);
  const people = Object.fromEntries(keys.map((key, i) => [key, signedUp[i]])) as Record<
    keyof typeof PEOPLE,
    { page: Page; id: number }
  >;
  const { mia, sid, ann, bob, gus } = people;
  const room: LiveRoom = {
    host: hostPage,
    mia: mia.page,
    sid: sid.page,
    ann: ann.page,
    bob: bob.page,
    gus: gus.page,
    ...live,
    close: async () => {
      await Promise.all(signedUp.map((p) => p.page.context().close()));
    },
  };
  const role = (userId: number, eventRole: string) =>
    post(hostPage.request, "/api/event/update-role", {
      user_id: userId,
      event_id: live.event.id,
      event_role_fkey: eventRole,
      video_session_id: live.event.mainId,
    });
  await role(mia.id, "moderator");
  await role(sid.id, "speaker");
  for (const guest of [room.bob, room.gus]) {
    await post(guest.request, "/api/events/register", { event_id: live.event.id });
  }
  return room;
}
