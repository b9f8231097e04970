import { AUDIENCE_RATE_LIMITS, type AudienceAction, errorMessage } from "@onstage/domain";
import { expect, test } from "vitest";
import { useTestApp } from "../../testing/app";
import type { TestClient } from "../../testing/client";
import { describeOnEachDatabase } from "../../testing/databases";
import { errorCode, type RoomScene, roomScene } from "../../testing/room-scene";

// Issue 23 §2.2: a guest flooding any audience write is cut at its limit (per user per session), with
// 429 and the catalogue's words, while another guest's writes of the same kind go on.

interface Place {
  questionId: number;
  pollId: number;
  pollOptions: [number, number];
  messageId: number;
  offerId: number;
  contributionId: number;
}

/**
 * The flood's n-th request by `userId`: toggles alternate, so each one is a real change fanned out to
 * the room.
 */
type Flood = (
  s: RoomScene,
  place: Place,
  n: number,
  userId: number,
) => readonly [string, Record<string, unknown>];

const FLOODS: Array<{ action: AudienceAction; flood: Flood; code: string }> = [
  {
    action: "question",
    flood: (s, _, n) => ["/api/questions", { video_session_id: s.session, content: `Question ${n}?` }],
    code: "too_fast",
  },
  {
    action: "question_comment",
    flood: (_, p, n) => ["/api/questions/comments", { question_id: p.questionId, content: `Me too ${n}` }],
    code: "too_fast",
  },
  {
    action: "question_upvote",
    flood: (_, p, n) => [`/api/questions/upvote${n % 2 ? "/delete" : ""}`, { question_id: p.questionId }],
    code: "too_fast",
  },
  {
    action: "poll_answer",
    flood: (_, p, n) => ["/api/polls/answer", { poll_id: p.pollId, option_id: p.pollOptions[n % 2] }],
    code: "too_fast",
  },
  {
    action: "chat_message",
    flood: (s, _, n) => ["/api/chat/messages", { chat_id: s.publicChat, message: `m${n}` }],
    code: "chat_rate_limited",
  },
  {
    action: "chat_reaction",
    flood: (_, p, n) => [
      `/api/chat/reactions${n % 2 ? "/delete" : ""}`,
      { chat_message_id: p.messageId, reaction: "👍" },
    ],
    code: "too_fast",
  },
  {
    action: "stage_intent",
    flood: (s, _, n) => [
      `/api/video-session/intents/${n % 2 ? "lower" : "raise"}-hand`,
      { video_session_id: s.session, event_id: s.event },
    ],
    code: "too_fast",
  },
  {
    action: "offer_click",
    flood: (_, p) => ["/api/offers/click", { custom_element_id: p.offerId }],
    code: "too_fast",
  },
  {
    action: "donation",
    flood: (s, p, n, userId) => [
      "/api/stripe/create-donation-link",
      {
        user_id: userId,
        video_session_id: s.session,
        donation_amount: 5 + n,
        custom_element_id: p.contributionId,
      },
    ],
    code: "too_fast",
  },
];

/** A minute's start: every action's window holds the whole flood, however slow the machine. */
const MINUTE_START = Date.UTC(2030, 0, 1, 12, 0);

describeOnEachDatabase("audience write floods", (use) => {
  let now = MINUTE_START;
  const app = useTestApp(use, { clock: () => new Date(now) });

  /** The room with a question, a shown poll of two options and a chat message, all by the host. */
  async function scene() {
    const s = await roomScene(app().server, use(), { session: { allow_raising_hands: true } });
    const host = s.people.host.client;
    const ok = async (res: Promise<{ statusCode: number; body: string; json: () => unknown }>) => {
      const answer = await res;
      expect(`${answer.statusCode} ${answer.body}`).toMatch(/^20/);
      return answer.json() as Record<string, { id: number; options?: { id: number }[] }>;
    };
    const question = await ok(host.post("/api/questions", { video_session_id: s.session, content: "Why?" }));
    const poll = await ok(
      host.post("/api/polls", {
        event_id: s.event,
        session_id: s.session,
        question: "Tea?",
        options: ["Y", "N"],
      }),
    );
    const message = await ok(host.post("/api/chat/messages", { chat_id: s.publicChat, message: "Hello" }));
    const offer = await ok(
      host.post("/api/custom-elements", {
        video_session_id: s.session,
        custom_element_type_fkey: "offer",
        title: "Get the deck",
        value: "https://onstage.test/deck",
      }),
    );
    const offerId = offer.element?.id ?? 0;
    await ok(s.people.owner.client.post("/api/payments/account/connect", { org_id: s.channel }));
    const contribution = await ok(
      host.post("/api/custom-elements", {
        video_session_id: s.session,
        custom_element_type_fkey: "contribution",
        title: "Tip",
        value: "",
      }),
    );
    await ok(
      host.post("/api/video-session/update-offer-state", {
        video_session_id: s.session,
        event_id: s.event,
        offer_state: [{ id: offerId }],
      }),
    );
    const [yes = 0, no = 0] = (poll.poll?.options ?? []).map((o) => o.id);
    const place: Place = {
      questionId: question.question?.id ?? 0,
      pollId: poll.poll?.id ?? 0,
      pollOptions: [yes, no],
      messageId: message.message?.id ?? 0,
      offerId,
      contributionId: contribution.element?.id ?? 0,
    };
    return { s, place };
  }

  test.each(FLOODS)(
    "a flood of $action is cut at its limit with 429 $code",
    async ({ action, flood, code }) => {
      now = MINUTE_START;
      const { s, place } = await scene();
      const { max, windowMs } = AUDIENCE_RATE_LIMITS[action];
      const send = (who: { client: TestClient; userId: number }, n: number) => {
        const [path, body] = flood(s, place, n, who.userId);
        return who.client.post(path, body);
      };
      const { guest, otherGuest } = s.people;
      const statuses: number[] = [];
      for (let n = 0; n < max; n++) statuses.push((await send(guest, n)).statusCode);
      expect(statuses.filter((status) => status >= 300)).toEqual([]);

      const over = await send(guest, max);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ error: { code, message: errorMessage(code) } });
      // Refused again while the window lasts (the same request: the refused one changed nothing).
      expect((await send(guest, max)).statusCode).toBe(429);
      // Per user: another guest of the room is not held back by the first one's flood.
      expect((await send(otherGuest, 0)).statusCode).toBeLessThan(300);
      // A limit, not a ban: the next window lets the guest write again.
      now += windowMs;
      expect((await send(guest, max)).statusCode).toBeLessThan(300);
    },
  );

  test("the limit is per session: a flood in one session leaves the guest's other session open", async () => {
    now = MINUTE_START;
    const { s } = await scene();
    const ask = (sessionId: number, n: number) =>
      s.people.guest.client.post("/api/questions", { video_session_id: sessionId, content: `Q${n}?` });
    for (let n = 0; n <= AUDIENCE_RATE_LIMITS.question.max; n++) await ask(s.session, n);
    expect(errorCode(await ask(s.session, 99))).toBe("too_fast");
    expect((await ask(s.otherSession, 0)).statusCode).toBe(201);
  });
});
