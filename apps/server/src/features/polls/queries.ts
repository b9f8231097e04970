import type { Poll, PollResults } from "@onstage/domain";
import { banSql } from "../../kernel/bans/queries";
import type { Queryable } from "../../platform/database";

// Poll rows (spec 2 §3): polls, polls_options, poll_answers (one answer per user and poll by key).

/** docs/decisions.md: a shadow-banned user's answer is stored and counted by nobody (their tab adds it). */
const COUNTED = (answer: string, eventColumn: string) =>
  `NOT ${banSql("shadow", { user: `${answer}.user_id`, event: eventColumn })}`;

export interface PollRow {
  id: number;
  eventId: number;
  sessionId: number;
  hidden: boolean;
  showAnswers: boolean;
}

const OPTIONS_JSON = `coalesce((
  SELECT json_agg(json_build_object('id', o.id, 'option', o.option, 'order', o."order",
                  'answers', (SELECT count(*) FROM poll_answers a
                               WHERE a.option_id = o.id AND ${COUNTED("a", "p.event_id")}))
                  ORDER BY o."order", o.id)
    FROM polls_options o WHERE o.poll_id = p.id), '[]'::json)`;

const POLL_COLUMNS = `p.id, p.session_id, p.question, p.hidden, p.show_answers, p."order", p.created_at,
  p.shown_at, ${OPTIONS_JSON} AS options`;

interface PollDbRow {
  id: number;
  session_id: number;
  question: string;
  hidden: boolean;
  show_answers: boolean;
  order: number;
  created_at: Date;
  shown_at: Date | null;
  options: Poll["options"];
}

/** The poll with every option's count; what each viewer may see of it is cut by `asSeenBy`. */
function toPoll(r: PollDbRow): Poll {
  return {
    id: r.id,
    sessionId: r.session_id,
    question: r.question,
    hidden: r.hidden,
    showAnswers: r.show_answers,
    order: r.order,
    createdAt: r.created_at.toISOString(),
    shownAt: r.shown_at?.toISOString() ?? null,
    options: r.options.map((o) => ({ ...o, answers: Number(o.answers) })),
  };
}

/** `lock`: the row is held to the transaction's end, so edits and results of one poll take turns. */
export async function findPoll(db: Queryable, pollId: number, lock = false): Promise<PollRow | null> {
  const [row] = await db.query<PollRow>(
    `SELECT id, event_id AS "eventId", session_id AS "sessionId", hidden, show_answers AS "showAnswers"
       FROM polls WHERE id = $1 ${lock ? "FOR UPDATE" : ""}`,
    [pollId],
  );
  return row ?? null;
}

export async function readPoll(db: Queryable, pollId: number): Promise<Poll | null> {
  const [row] = await db.query<PollDbRow>(`SELECT ${POLL_COLUMNS} FROM polls p WHERE p.id = $1`, [pollId]);
  return row ? toPoll(row) : null;
}

export async function listPolls(db: Queryable, sessionId: number, withHidden: boolean): Promise<Poll[]> {
  const rows = await db.query<PollDbRow>(
    `SELECT ${POLL_COLUMNS} FROM polls p
      WHERE p.session_id = $1 AND ($2::boolean OR NOT p.hidden)
      ORDER BY p."order", p.id`,
    [sessionId, withHidden],
  );
  return rows.map(toPoll);
}

export async function myAnswers(
  db: Queryable,
  sessionId: number,
  userId: number,
): Promise<{ pollId: number; optionId: number }[]> {
  return db.query(
    `SELECT a.poll_id AS "pollId", a.option_id AS "optionId"
       FROM poll_answers a JOIN polls p ON p.id = a.poll_id
      WHERE p.session_id = $1 AND a.user_id = $2`,
    [sessionId, userId],
  );
}

/** New polls go last; a poll created shown is launched now (issue 12 §11). */
export async function insertPoll(
  tx: Queryable,
  poll: { eventId: number; sessionId: number; question: string; hidden: boolean; showAnswers: boolean },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO polls (event_id, session_id, question, hidden, show_answers, "order", shown_at)
     SELECT $1, $2, $3, $4, $5, coalesce(max("order") + 1, 0), CASE WHEN $4::boolean THEN NULL ELSE now() END
       FROM polls WHERE session_id = $2
     RETURNING id`,
    [poll.eventId, poll.sessionId, poll.question, poll.hidden, poll.showAnswers],
  );
  if (!row) throw new Error("poll not inserted");
  return row.id;
}

/** Writes the options in order: kept ones (with id) are edited, the others added. */
export async function saveOptions(
  tx: Queryable,
  pollId: number,
  options: { id?: number; option: string }[],
): Promise<void> {
  for (const [order, option] of options.entries()) {
    if (option.id === undefined) {
      await tx.query(`INSERT INTO polls_options (poll_id, option, "order") VALUES ($1, $2, $3)`, [
        pollId,
        option.option,
        order,
      ]);
    } else {
      await tx.query(`UPDATE polls_options SET option = $3, "order" = $4 WHERE poll_id = $1 AND id = $2`, [
        pollId,
        option.id,
        option.option,
        order,
      ]);
    }
  }
}

export async function optionIds(tx: Queryable, pollId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(`SELECT id FROM polls_options WHERE poll_id = $1`, [pollId]);
  return rows.map((row) => row.id);
}

/** Their answers go with them (ON DELETE CASCADE). */
export async function deleteOptions(tx: Queryable, pollId: number, ids: number[]): Promise<void> {
  await tx.query(`DELETE FROM polls_options WHERE poll_id = $1 AND id = ANY($2::bigint[])`, [pollId, ids]);
}

/** Showing a hidden poll launches it again now; hiding it clears the moment (issue 12 §11). */
export async function updatePoll(
  tx: Queryable,
  pollId: number,
  set: { question?: string; hidden?: boolean; showAnswers?: boolean },
): Promise<void> {
  await tx.query(
    `UPDATE polls SET question = coalesce($2, question), hidden = coalesce($3, hidden),
            show_answers = coalesce($4, show_answers), updated_at = now(),
            shown_at = CASE WHEN coalesce($3::boolean, hidden) THEN NULL WHEN hidden THEN now() ELSE shown_at END
      WHERE id = $1`,
    [pollId, set.question ?? null, set.hidden ?? null, set.showAnswers ?? null],
  );
}

export async function deletePoll(tx: Queryable, pollId: number): Promise<void> {
  await tx.query(`DELETE FROM polls WHERE id = $1`, [pollId]);
}

/** The session's poll ids, locked, in their order: a reorder names exactly these. */
export async function lockSessionPolls(tx: Queryable, sessionId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `SELECT id FROM polls WHERE session_id = $1 ORDER BY "order", id FOR UPDATE`,
    [sessionId],
  );
  return rows.map((row) => row.id);
}

export async function setOrder(tx: Queryable, sessionId: number, order: number[]): Promise<void> {
  await tx.query(
    `UPDATE polls p SET "order" = o.position - 1, updated_at = now()
       FROM unnest($2::bigint[]) WITH ORDINALITY AS o(id, position)
      WHERE p.id = o.id AND p.session_id = $1`,
    [sessionId, order],
  );
}

/**
 * Sets or switches the user's answer in one statement (the key makes it one per user and poll, so two
 * tabs voting at once leave one answer); nothing is written when the poll is hidden or the option is
 * not one of the poll's. Returns whether an answer was written.
 */
export async function upsertAnswer(
  tx: Queryable,
  answer: { pollId: number; userId: number; optionId: number },
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO poll_answers (poll_id, user_id, option_id)
     SELECT o.poll_id, $2, o.id FROM polls_options o JOIN polls p ON p.id = o.poll_id
      WHERE o.poll_id = $1 AND o.id = $3 AND NOT p.hidden
     ON CONFLICT (poll_id, user_id) DO UPDATE SET option_id = EXCLUDED.option_id, updated_at = now()
     RETURNING 1`,
    [answer.pollId, answer.userId, answer.optionId],
  );
  return rows.length > 0;
}

export async function deleteAnswer(tx: Queryable, pollId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(`DELETE FROM poll_answers WHERE poll_id = $1 AND user_id = $2 RETURNING 1`, [
    pollId,
    userId,
  ]);
  return rows.length > 0;
}

export async function countAnswers(tx: Queryable, pollId: number): Promise<PollResults["counts"]> {
  const rows = await tx.query<{ optionId: number; answers: number }>(
    `SELECT o.id AS "optionId", count(a.user_id)::int AS answers
       FROM polls_options o JOIN polls p ON p.id = o.poll_id
       LEFT JOIN poll_answers a ON a.option_id = o.id AND a.poll_id = o.poll_id AND ${COUNTED("a", "p.event_id")}
      WHERE o.poll_id = $1 GROUP BY o.id, o."order" ORDER BY o."order", o.id`,
    [pollId],
  );
  return rows;
}

/** The polls of these events the user has answered. */
export async function pollsAnsweredBy(
  db: Queryable,
  userId: number,
  eventIds: readonly number[],
): Promise<number[]> {
  const rows = await db.query<{ poll_id: number }>(
    `SELECT a.poll_id::int AS poll_id FROM poll_answers a JOIN polls p ON p.id = a.poll_id
      WHERE a.user_id = $1 AND p.event_id = ANY($2::int[])`,
    [userId, eventIds],
  );
  return rows.map((r) => r.poll_id);
}
