import { REALTIME_BAN_EVICTION_MS } from "@onstage/domain";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import { expect, test } from "vitest";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";
import { AdvancedSettingsPage, PeoplePanelPage } from "./pages/moderation";
import { PollsPanel } from "./pages/polls";
import { QuestionsPanel } from "./pages/questions";
import { RoomPage } from "./pages/room";
import { joinFromPreview, joinStage, seesVideoOf } from "./pages/stage";
import { signInBrowser } from "./support/api";
import { axeViolations } from "./support/axe";
import { useBrowser } from "./support/browser";
import { csrfHeaders, eventOfDemoHost } from "./support/dashboard";
import { signUpVerified } from "./support/verified-account";

// Issue 12 "Must show", as one live room: six people in the same session at once (the host on stage, a
// moderator, the session's speaker, three guests) ask, upvote, answer and reopen a question, vote in a
// poll, raise a hand and come on stage, decline an invite and are banned, after entering from the lobby.
const browser = useBrowser();

const ANN = { firstName: "Ann", lastName: "Hand" };
const BOB = { firstName: "Bob", lastName: "Invitee" };
const GUS = { firstName: "Gus", lastName: "Heckler" };
const MIA = { firstName: "Mia", lastName: "Moderator" };
const SID = { firstName: "Sid", lastName: "Speaker" };
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

async function post(request: APIRequestContext, path: string, data: Record<string, unknown>) {
  const res = await request.post(path, { headers: await csrfHeaders(request), data });
  if (!res.ok()) throw new Error(`${path} refused: ${res.status()} ${await res.text()}`);
}

/**
 * As the demo host: a multi-session event whose 'Main hall' is live (moved by the API: no program feed
 * on this machine) with four sessions coming up, so the lobby shows 3 of them and '+1 more'.
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
  for (const state of ["greenroom", "broadcasting"]) {
    await post(request, "/api/video-session/update-video-session", {
      video_session_id: main.id,
      event_id: id,
      video_session_state: state,
      is_recording: false,
    });
  }
  const page = (await (await request.get(`/api/events/by-code/${eventCode}`)).json()) as {
    event: { title: string };
  };
  return { id, eventCode, title: page.event.title, main };
}

/** A new verified person signed up in a browser context of their own; returns the page and their id. */
async function person(who: { firstName: string; lastName: string }) {
  const context = await (browser.page().context().browser() as Browser).newContext({
    baseURL: browser.baseUrl,
  });
  const page = await context.newPage();
  const email = `journey-${who.firstName.toLowerCase()}-${Date.now()}@example.test`;
  await signUpVerified(page.request, browser.baseUrl, { email, ...who });
  const me = (await (await page.request.get("/api/me")).json()) as { user: { id: number } };
  return { page, id: me.user.id };
}

test("six people in one live room: Q&A, a poll, a hand on stage, a declined invite, a ban, from the lobby", async () => {
  const host = browser.page();
  await signInBrowser(host.request, DEMO_HOST);
  const [event, ...people] = await Promise.all([
    liveMultiSessionEvent(host.request),
    ...[MIA, SID, ANN, BOB, GUS].map(person),
  ]);
  const [mia, sid, ann, bob, gus] = people.map((p) => p.page) as [Page, Page, Page, Page, Page];
  try {
    const [miaId, sidId] = people.map((p) => p.id);
    await post(host.request, "/api/event/update-role", {
      user_id: miaId,
      event_id: event.id,
      event_role_fkey: "moderator",
    });
    await post(host.request, "/api/event/update-role", {
      user_id: sidId,
      event_id: event.id,
      event_role_fkey: "speaker",
      video_session_id: event.main.id,
    });
    // Registered, Bob and Gus are in the people panel's Registered list, where the team acts on them.
    for (const guest of [bob, gus]) await post(guest.request, "/api/events/register", { event_id: event.id });

    const session = `/c/${event.eventCode}/${event.main.urlHash}`;
    // The team may go on stage, and its device preview starts a camera: ?useHLS gives them the audience's
    // player instead, so that only the host (once on stage) and the accepted guest run one on two cores.
    await Promise.all([
      ...[host, mia, sid].map((team) => team.goto(`${session}?useHLS`)),
      ...[bob, gus].map((guest) => guest.goto(session)),
      // Ann comes in through the lobby, whose agenda links to every session.
      ann.goto(`/c/${event.eventCode}/lobby`),
    ]);
    const upcoming = ann.getByRole("region", { name: "Coming up" });
    await upcoming.waitFor();
    expect(await upcoming.getByRole("link").allInnerTexts()).toEqual(["Track B", "Track C", "Track D"]);
    await upcoming.getByRole("button", { name: "+1 more" }).click();
    await upcoming.getByRole("link", { name: "Track E" }).waitFor();
    expect(await axeViolations(ann)).toEqual([]);
    await ann.getByRole("region", { name: "Live now" }).getByRole("link", { name: "Main hall" }).click();
    await ann.waitForURL(`**${session}`);
    await ann.locator(".room__session").getByText("Main hall").waitFor();
    // Every room of a multi-session event has the same list in its Sessions tab.
    await ann.getByRole("tab", { name: /^Sessions/ }).click();
    await ann.getByRole("tabpanel").getByRole("link", { name: "Track B" }).waitFor();

    // Q&A: Ann asks, Bob upvotes, the moderator answers while broadcasting.
    const [annQa, bobQa, miaQa] = [ann, bob, mia].map((page) => new QuestionsPanel(page)) as [
      QuestionsPanel,
      QuestionsPanel,
      QuestionsPanel,
    ];
    for (const qa of [annQa, bobQa, miaQa]) await qa.open();
    const question = "What is on the agenda?";
    await annQa.ask(`  ${question}  `);
    await bobQa.question(question).waitFor();
    await miaQa.question(question).waitFor();
    // Spec 2 §5: the author cannot upvote their own question.
    expect(await annQa.upvoteButton(question).count()).toBe(0);
    await bobQa.upvoteButton(question).click();
    await annQa.question(question).getByText("1 upvote", { exact: true }).waitFor();
    await miaQa.question(question).getByRole("button", { name: "Upvote, 1 upvotes" }).waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    await miaQa.button(question, "Answer").click();
    await miaQa
      .question(question)
      .getByText(/Done · moving to Answered in/)
      .waitFor();
    // The asker's list moves it at once; the moderator's after a 3 s countdown, while the host runs a poll.
    await annQa.emptyState("No open questions").waitFor();

    // A poll: the host creates it, Ann and Bob vote, Ann switches, Bob takes his vote back.
    const [hostPolls, annPolls, bobPolls, sidPolls] = [host, ann, bob, sid].map(
      (page) => new PollsPanel(page),
    ) as [PollsPanel, PollsPanel, PollsPanel, PollsPanel];
    for (const polls of [hostPolls, annPolls, bobPolls]) await polls.open();
    const poll = "Tea or coffee?";
    await hostPolls.create(poll, ["Tea", "Coffee"]);
    await annPolls.poll(poll).waitFor();
    await bobPolls.poll(poll).waitFor();
    // Spec 2 §2: the speaker, on another tab, sees the polls badge.
    await sid.getByRole("tab", { name: "Polls, 1 unread" }).waitFor();
    await hostPolls.manage(poll, "Show answers");
    await annPolls.option(poll, "Tea").click();
    await bobPolls.option(poll, "Coffee").click();
    await annPolls.result(poll, "Tea", 50, 1).waitFor();
    await bobPolls.result(poll, "Tea", 50, 1).waitFor();
    await annPolls.option(poll, "Coffee").click();
    for (const polls of [annPolls, bobPolls, hostPolls]) await polls.result(poll, "Coffee", 100, 2).waitFor();
    expect(await annPolls.option(poll, "Coffee").getAttribute("aria-pressed")).toBe("true");
    expect(await annPolls.option(poll, "Tea").getAttribute("aria-pressed")).toBe("false");
    // Clicking the same option again removes the answer.
    await bobPolls.option(poll, "Coffee").click();
    await annPolls.result(poll, "Coffee", 100, 1).waitFor();
    await sidPolls.open();
    await sidPolls.result(poll, "Coffee", 100, 1).waitFor();
    expect(await axeViolations(ann)).toEqual([]);

    // Meanwhile the answered question moved on the moderator's list; she reopens it for everyone.
    await miaQa.emptyState("No open questions").waitFor();
    await miaQa.subTab("Answered").click();
    await miaQa.button(question, "Reopen").click();
    await miaQa.emptyState("No answered questions").waitFor();
    await bobQa.open();
    await bobQa.question(question).waitFor();

    // The moderator bans Gus and removes him: his room goes within a second.
    const gusRoom = new RoomPage(gus);
    await gusRoom.chatLog().waitFor();
    const miaPeople = new PeoplePanelPage(mia);
    await new RoomPage(mia).tab("People").click();
    await miaPeople.search(GUS.lastName);
    await miaPeople.manage(nameOf(GUS)).click();
    await miaPeople.dialog(nameOf(GUS)).getByRole("button", { name: "Ban Attendee" }).click();
    const options = miaPeople.dialog("Banning Options");
    await options.getByRole("radio", { name: "Ban and remove" }).check();
    expect(await axeViolations(mia)).toEqual([]);
    await options.getByRole("button", { name: "Next" }).click();
    const confirm = miaPeople.dialog("Confirm Ban");
    await confirm.waitFor();
    expect(await axeViolations(mia)).toEqual([]);
    const banned = mia.waitForResponse((r) => r.url().endsWith("/api/event/ban") && r.status() === 201);
    await confirm.getByRole("button", { name: "Confirm Ban" }).click();
    await banned;
    const bannedAt = Date.now();
    await gusRoom.chatLog().waitFor({ state: "detached", timeout: REALTIME_BAN_EVICTION_MS });
    expect(Date.now() - bannedAt).toBeLessThan(REALTIME_BAN_EVICTION_MS);
    await miaPeople.dialog("User banned").getByRole("button", { name: "Done" }).click();
    await miaPeople.row(nameOf(GUS)).getByText("Banned", { exact: true }).waitFor();

    // The host goes on stage; Ann raises her hand, the host accepts it To Main Stage and sees her camera.
    await joinStage(host, session);
    const hostPeople = new PeoplePanelPage(host);
    await new RoomPage(host).tab("People").click();
    await new RoomPage(ann).tab("People").click();
    await ann.getByRole("button", { name: "Raise hand" }).click();
    await ann.getByRole("button", { name: "Lower hand" }).waitFor();
    await host.getByText("Someone has raised their hand").waitFor();
    await hostPeople.inSection(/^Hands raised/, nameOf(ANN)).waitFor();
    await hostPeople.stageAction(/^Hands raised/, nameOf(ANN), "Hand raised", "To Main Stage");
    await hostPeople.inSection(/^Invited to the stage/, nameOf(ANN)).waitFor();
    const invitation = ann.getByRole("dialog", { name: "You are invited to the stage" });
    await invitation.getByRole("button", { name: "Accept" }).click();
    await invitation.waitFor({ state: "detached" });
    await joinFromPreview(ann);
    await seesVideoOf(host, nameOf(ANN));
    await seesVideoOf(ann, "Dana Host");
    await hostPeople.inSection(/^On Stage/, nameOf(ANN)).waitFor();
    expect(await axeViolations(host)).toEqual([]);
    expect(await axeViolations(ann)).toEqual([]);

    // The moderator invites Bob To Gallery from the Registered list; he says 'No, thanks'.
    await miaPeople.search(BOB.lastName);
    await miaPeople.manage(nameOf(BOB)).click();
    const bobMenu = miaPeople.dialog(nameOf(BOB));
    await bobMenu.getByRole("button", { name: `Invite ${nameOf(BOB)}` }).click();
    await bobMenu.getByRole("button", { name: "To Gallery", exact: true }).click();
    await hostPeople.inSection(/^Invited to the stage/, nameOf(BOB)).waitFor();
    await mia.keyboard.press("Escape");
    const bobInvite = bob.getByRole("dialog", { name: "You are invited to the stage" });
    await bobInvite.waitFor();
    expect(await axeViolations(bob)).toEqual([]);
    await bobInvite.getByRole("button", { name: "No, thanks" }).click();
    await bobInvite.waitFor({ state: "detached" });
    await hostPeople.inSection(/^Invited to the stage/, nameOf(BOB)).waitFor({ state: "detached" });
    expect(await bob.getByRole("button", { name: "Join stage" }).count()).toBe(0);

    // Uninvite takes Ann off the stage at once.
    await hostPeople.stageAction(/^On Stage/, nameOf(ANN), "Invited", "Uninvite");
    await host
      .locator("figure.stage-tile")
      .filter({ hasText: nameOf(ANN) })
      .waitFor({ state: "detached" });

    // The channel owner sees who banned Gus under /settings?tab=advanced and unbans him: he is back.
    const settings = new AdvancedSettingsPage(host);
    await settings.open();
    const row = settings.bannedRow(nameOf(GUS));
    await row.getByText(`Banned in ${event.title} by ${nameOf(MIA)}`).waitFor();
    await settings
      .log()
      .getByText(`${nameOf(MIA)} banned and removed ${nameOf(GUS)} in ${event.title}`)
      .waitFor();
    expect(await axeViolations(host)).toEqual([]);
    await row.getByRole("button", { name: `Unban ${nameOf(GUS)}` }).click();
    await row.waitFor({ state: "detached" });
    await settings
      .log()
      .getByText(`Dana Host unbanned ${nameOf(GUS)} in ${event.title}`)
      .waitFor();
    await gus.goto(session);
    await gusRoom.chatLog().waitFor();
  } finally {
    await Promise.all(people.map((p) => p.page.context().close()));
  }
}, 180_000);
