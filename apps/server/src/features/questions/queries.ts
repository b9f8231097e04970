import type { Question, QuestionComment } from "@onstage/domain";
import { banSql } from "../../kernel/bans/queries";
import type { Queryable } from "../../platform/database";

// Q&A rows (spec 2 §3, §7). Shadow bans are per event (bans.is_shadow): what a shadow-banned user asked,
// commented or upvoted is seen by nobody but themselves. `$viewer` is null for what everyone may see.

const shadowBanned = (userColumn: string, eventColumn = "vs.event_id") =>
  banSql("shadow", { user: userColumn, event: eventColumn });

const seenBy = (userColumn: string, viewerParam: string) =>
  `(${userColumn} = ${viewerParam} OR NOT ${shadowBanned(userColumn)})`;

const author = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name,
                     'profilePhoto', ${alias}.profile_photo)`;

/** Questions of `vs` (joined) as the viewer `viewerParam` sees them, in the shape of domain Question. */
const QUESTION_SELECT = (viewerParam: string) => `
  SELECT q.id, q.video_session_id, q.user_id, q.content, q.answered, q.answered_timestamp, q."timestamp",
         ${author("u")} AS author,
         coalesce((SELECT json_agg(up.user_id ORDER BY up.created_at, up.user_id) FROM question_upvotes up
                    WHERE up.question_id = q.id AND ${seenBy("up.user_id", viewerParam)}), '[]'::json) AS upvotes,
         coalesce((SELECT json_agg(json_build_object('id', c.id, 'questionId', c.question_id,
                                     'userId', c.user_id, 'content', c.content, 'createdAt', c.created_at,
                                     'user', ${author("cu")}) ORDER BY c.created_at, c.id)
                     FROM question_comments c JOIN users cu ON cu.id = c.user_id
                    WHERE c.question_id = q.id AND ${seenBy("c.user_id", viewerParam)}), '[]'::json) AS comments
    FROM questions q JOIN users u ON u.id = q.user_id JOIN video_sessions vs ON vs.id = q.video_session_id`;

interface QuestionRow {
  id: number;
  video_session_id: number;
  user_id: number;
  content: string;
  answered: boolean;
  answered_timestamp: number | null;
  timestamp: Date;
  author: Question["user"];
  upvotes: number[];
  comments: (Omit<QuestionComment, "createdAt"> & { createdAt: string })[];
}

const toQuestion = (r: QuestionRow): Question => ({
  id: r.id,
  videoSessionId: r.video_session_id,
  userId: r.user_id,
  content: r.content,
  answered: r.answered,
  answeredTimestamp: r.answered_timestamp === null ? null : Number(r.answered_timestamp),
  timestamp: r.timestamp.toISOString(),
  user: r.author,
  upvotes: r.upvotes.map(Number),
  // json_build_object writes timestamps without a zone designator on some servers: normalise.
  comments: r.comments.map((c) => ({ ...c, createdAt: new Date(c.createdAt).toISOString() })),
});

/** The session's questions the viewer may see, oldest first. */
export async function listQuestions(
  db: Queryable,
  sessionId: number,
  viewerUserId: number | null,
): Promise<Question[]> {
  const rows = await db.query<QuestionRow>(
    `${QUESTION_SELECT("$2::bigint")}
      WHERE q.video_session_id = $1 AND ${seenBy("q.user_id", "$2::bigint")}
      ORDER BY q."timestamp", q.id`,
    [sessionId, viewerUserId],
  );
  return rows.map(toQuestion);
}

/** One question as everyone (but shadow-banned users' own additions) sees it, for the realtime layer. */
export async function publicQuestion(db: Queryable, id: number): Promise<Question | null> {
  const [r] = await db.query<QuestionRow>(`${QUESTION_SELECT("NULL::bigint")} WHERE q.id = $1`, [id]);
  return r ? toQuestion(r) : null;
}

export interface StoredQuestion {
  id: number;
  sessionId: number;
  eventId: number;
  userId: number;
  content: string;
  answered: boolean;
  authorShadowBanned: boolean;
}

/** A question's place and author; locked inside a write, so an edit cannot race a delete. */
export async function findQuestion(db: Queryable, id: number, lock = false): Promise<StoredQuestion | null> {
  const [r] = await db.query<StoredQuestion>(
    `SELECT q.id, q.video_session_id AS "sessionId", vs.event_id AS "eventId", q.user_id AS "userId",
            q.content, q.answered, ${shadowBanned("q.user_id")} AS "authorShadowBanned"
       FROM questions q JOIN video_sessions vs ON vs.id = q.video_session_id
      WHERE q.id = $1 ${lock ? "FOR NO KEY UPDATE OF q" : ""}`,
    [id],
  );
  return r ?? null;
}

export async function insertQuestion(
  tx: Queryable,
  input: { sessionId: number; userId: number; content: string },
): Promise<number> {
  const [r] = await tx.query<{ id: number }>(
    "INSERT INTO questions (video_session_id, user_id, content) VALUES ($1, $2, $3) RETURNING id",
    [input.sessionId, input.userId, input.content],
  );
  if (!r) throw new Error("question not inserted");
  return r.id;
}

export async function updateQuestionContent(tx: Queryable, id: number, content: string): Promise<void> {
  await tx.query("UPDATE questions SET content = $2, updated_at = now() WHERE id = $1", [id, content]);
}

/** Done with its time in ms (spec 2 §3 answered_timestamp), or reopened with `answeredAt` null. */
export async function setAnswered(tx: Queryable, id: number, answeredAt: number | null): Promise<void> {
  await tx.query(
    "UPDATE questions SET answered = $2::bigint IS NOT NULL, answered_timestamp = $2, updated_at = now() WHERE id = $1",
    [id, answeredAt],
  );
}

export async function deleteQuestion(tx: Queryable, id: number): Promise<void> {
  await tx.query("DELETE FROM questions WHERE id = $1", [id]);
}

/** One user counts once (the primary key); false when already upvoted. */
export async function insertUpvote(tx: Queryable, questionId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO question_upvotes (question_id, user_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING question_id`,
    [questionId, userId],
  );
  return rows.length > 0;
}

export async function deleteUpvote(tx: Queryable, questionId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    "DELETE FROM question_upvotes WHERE question_id = $1 AND user_id = $2 RETURNING question_id",
    [questionId, userId],
  );
  return rows.length > 0;
}

const COMMENT_SELECT = `
  SELECT c.id, c.question_id AS "questionId", c.user_id AS "userId", c.content, c.created_at AS "createdAt",
         ${author("cu")} AS "user"
    FROM question_comments c JOIN users cu ON cu.id = c.user_id`;

type CommentRow = Omit<QuestionComment, "createdAt"> & { createdAt: Date };
const toComment = (r: CommentRow): QuestionComment => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function findComment(db: Queryable, id: number): Promise<QuestionComment | null> {
  const [r] = await db.query<CommentRow>(`${COMMENT_SELECT} WHERE c.id = $1`, [id]);
  return r ? toComment(r) : null;
}

/** A comment's question (for its place) and whether its author is shadow-banned there. */
export async function findCommentPlace(
  db: Queryable,
  id: number,
): Promise<{ questionId: number; userId: number; authorShadowBanned: boolean } | null> {
  const [r] = await db.query<{ questionId: number; userId: number; authorShadowBanned: boolean }>(
    `SELECT c.question_id AS "questionId", c.user_id AS "userId", ${shadowBanned("c.user_id")} AS "authorShadowBanned"
       FROM question_comments c JOIN questions q ON q.id = c.question_id
       JOIN video_sessions vs ON vs.id = q.video_session_id
      WHERE c.id = $1`,
    [id],
  );
  return r ?? null;
}

export async function insertComment(
  tx: Queryable,
  input: { questionId: number; userId: number; content: string },
): Promise<QuestionComment> {
  const [r] = await tx.query<{ id: number }>(
    "INSERT INTO question_comments (question_id, user_id, content) VALUES ($1, $2, $3) RETURNING id",
    [input.questionId, input.userId, input.content],
  );
  const comment = r && (await findComment(tx, r.id));
  if (!comment) throw new Error("comment not inserted");
  return comment;
}

export async function updateCommentContent(tx: Queryable, id: number, content: string): Promise<void> {
  await tx.query("UPDATE question_comments SET content = $2, updated_at = now() WHERE id = $1", [
    id,
    content,
  ]);
}

export async function deleteComment(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query("DELETE FROM question_comments WHERE id = $1 RETURNING id", [id]);
  return rows.length > 0;
}
