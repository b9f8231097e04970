import { z } from "zod";
import { Id, StoredText } from "../wire";
import { POLL_OPTIONS_MAX_COUNT } from "./form";

// Polls (spec 2 §3, §7): requests use the spec's payload names (snake_case); responses are camelCase.
// The form's rules (spec 2 §5) decide on the server (pollToSave); the wire bounds are only generous.

export const PollOption = z.object({
  id: z.number().int(),
  option: z.string(),
  order: z.number().int(),
  /** Null when this viewer may not see the results (show_answers off and not a manager). */
  answers: z.number().int().nonnegative().nullable(),
});
export type PollOption = z.infer<typeof PollOption>;

export const Poll = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  question: z.string(),
  hidden: z.boolean(),
  showAnswers: z.boolean(),
  order: z.number().int(),
  createdAt: z.iso.datetime(),
  /**
   * Issue 12 §11: when the audience could last start seeing it (created shown, or shown again); null
   * while hidden. Live viewers get the poll when their picture reaches this moment.
   */
  shownAt: z.iso.datetime().nullable(),
  options: z.array(PollOption),
});
export type Poll = z.infer<typeof Poll>;

/** Per-option counts of one poll, the whole of them (a newer message replaces an older one). */
export const PollResults = z.object({
  pollId: z.number().int(),
  counts: z.array(z.object({ optionId: z.number().int(), answers: z.number().int().nonnegative() })),
});
export type PollResults = z.infer<typeof PollResults>;

export const PollsQuery = z.object({ video_session_id: z.coerce.number().pipe(Id) }).strict();

export const PollsResponse = z.object({
  /** In the team's order. */
  polls: z.array(Poll),
  /** The viewer's own answers: poll id → option id. */
  myAnswers: z.array(z.object({ pollId: z.number().int(), optionId: z.number().int() })),
  /**
   * False when the viewer's answers are kept out of everyone's counts (a shadow ban, docs/decisions.md):
   * the web adds the viewer's own answer to what this viewer sees.
   */
  myAnswersCounted: z.boolean(),
  /** Poll managers follow `polls-team:{sessionId}`, everyone else `polls:{sessionId}`. */
  mayManage: z.boolean(),
  /** That topic's sequence when the list was read: subscribe with `since` = seq. */
  seq: z.number().int().nonnegative(),
});
export type PollsResponse = z.infer<typeof PollsResponse>;

const QuestionText = StoredText(2000);
const OptionText = StoredText(1000);

export const CreatePollRequest = z
  .object({
    event_id: Id,
    session_id: Id,
    question: QuestionText,
    hidden: z.boolean().default(false),
    show_answers: z.boolean().default(false),
    options: z.array(OptionText).max(POLL_OPTIONS_MAX_COUNT * 2),
  })
  .strict();
export type CreatePollRequest = z.input<typeof CreatePollRequest>;

export const UpdatePollRequest = z
  .object({
    poll_id: Id,
    event_id: Id,
    set: z
      .object({ question: QuestionText, hidden: z.boolean(), show_answers: z.boolean() })
      .partial()
      .strict()
      .default({}),
    /** Options kept (with id, edited) and added (without id), in their new order. */
    options: z
      .array(z.object({ id: Id.optional(), option: OptionText }).strict())
      .max(POLL_OPTIONS_MAX_COUNT * 2)
      .optional(),
    delete_options: z
      .array(Id)
      .max(POLL_OPTIONS_MAX_COUNT * 2)
      .default([]),
  })
  .strict();
export type UpdatePollRequest = z.input<typeof UpdatePollRequest>;

export const DeletePollRequest = z.object({ poll_id: Id, event_id: Id }).strict();
export const ReorderPollsRequest = z.object({ session_id: Id, order: z.array(Id).min(1).max(1000) }).strict();
export const AnswerPollRequest = z.object({ poll_id: Id, option_id: Id }).strict();
export const RemovePollAnswerRequest = z.object({ poll_id: Id }).strict();

export const PollResponse = z.object({ poll: Poll });
