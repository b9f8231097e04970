import { PAGE_ERROR_MESSAGES } from "./page-errors";
import { CHANNEL_MEMBER_ROLE_MESSAGE } from "./people/role-menu";

/**
 * The few error kinds a rule or service may raise; one server handler maps each kind to its HTTP status
 * and `errorMessage(code)` gives the specs' wording for the code.
 */
export type ErrorKind =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  /** A service the instance depends on is not configured or not answering (503). */
  | "unavailable";

export class OnstageError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? errorMessage(code));
    this.name = "OnstageError";
  }
}

export const BadRequest = (code = "bad_request", message?: string) =>
  new OnstageError("bad_request", code, message);
export const Unauthorized = (code = "unauthorized") => new OnstageError("unauthorized", code);
export const Forbidden = (code = "forbidden") => new OnstageError("forbidden", code);
export const NotFound = (code = "not_found", message?: string) =>
  new OnstageError("not_found", code, message);
export const Conflict = (code = "conflict") => new OnstageError("conflict", code);
export const RateLimited = (code = "rate_limited") => new OnstageError("rate_limited", code);
export const Unavailable = (code: string) => new OnstageError("unavailable", code);

/** The specs' error catalogue, by stable code. The web shows these words, never a second wording. */
const MESSAGES: Record<string, string> = {
  ...PAGE_ERROR_MESSAGES,
  bad_request: "Bad request",
  invalid_request: "Bad request",
  unauthorized: "Please sign in to continue",
  forbidden: "You are not allowed to do that",
  conflict: "That cannot be done now",
  rate_limited: "Too many requests, please try again shortly",
  invalid_email: "Please enter a valid email address",
  invalid_first_name: "Invalid first name",
  invalid_last_name: "Invalid last name",
  incorrect_event_password: "Incorrect event password",
  invalid_coupon: "Sorry, that code is invalid.",
  registration_blocked: "Sorry, something went wrong when trying to register",
  missing_required_data: "Missing required data",
  required_questions: "Please fill out all required fields",
  // Spec 1 §5: the checkout's warning toast (2 s); the line above is the final registration's.
  unanswered_required_questions: "Please answer all required questions.",
  sliding_amount_required: "Please specify an amount",
  invalid_credentials: "Incorrect email or password",
  too_many_attempts:
    "Too many attempts. Please wait a few minutes and try again, or sign in with an emailed link.",
  account_exists: "An account with this email already exists. Please sign in.",
  link_invalid: "This link is invalid or has expired. Please request a new one.",
  weak_password: "Please choose a stronger password: longer, and not a common word or pattern.",
  wrong_password: "Your current password is incorrect",
  csrf_invalid: "Your session has expired. Please reload the page and try again.",
  failed_to_create_account: "Failed to create account",
  invalid_image: "Please upload a PNG or JPEG image of at most 10 MB",
  images_busy: "Too many images are being uploaded right now. Please try again in a moment.",
  names_required: "Please enter your first and last name",
  terms_required: "Please accept the Terms of Service",
  email_not_verified: "Please verify your email to interact in the event",
  no_minutes_left: "You are out of minutes, please contact success to upgrade your plan",
  // Session control (issue 11): a move SESSION_TRANSITIONS does not have, or made by someone else first.
  invalid_transition: "The session cannot move to that state now",
  go_live_failed: "Failed to go live",
  not_broadcasting: "Recording can be started or paused only while the session is live",
  channel_member: CHANNEL_MEMBER_ROLE_MESSAGE,
  not_recording: "Clipping will be available if session is recorded.",
  rtmp_mode: "Clipping is currently not supported in RTMP mode",
  // Spec 2 §2, §5, spec 3 §2: clips.
  recording_paused: "Clipping is disabled when not recording",
  clipping_disabled: "Clipping is turned off for this event",
  clips_after_session: "Clips can be made once the session has ended",
  clips_private_event: "Clips cannot be made of a private event",
  clip_too_short: "A clip must be at least 1 second long",
  clip_out_of_range: "The clip must start within the recording",
  clip_title_required: "Please give the clip a title",
  clip_not_found: "This clip does not exist or was deleted",
  clip_not_ready: "The clip is not ready yet",
  no_variant: "No 1080p variant found in playlist",
  recording_gone: "The recording of this session is gone.",
  recording_range_empty: "The recording has nothing in this range.",
  recording_gap: "A part of the recording in this range is missing.",
  // Spec 3 §1: the studio's tooltip on Brand, Overlays, Videos and Slides of an RTMP broadcast.
  studio_rtmp_mode: "This feature is disabled in RTMP Mode",
  // Spec 2 §5, spec 3 §5: the studio's own validation.
  overlay_title_required: "Overlay title requires a title",
  overlay_title_too_long: "The title can be at most 32 characters",
  overlay_subtitle_too_long: "The subtitle can be at most 45 characters",
  bad_brand_color: "The colour must be a hex colour such as #EC5F3E",
  brand_image_type: "Only png, jpg and jpeg images can be uploaded",
  brand_image_too_large: "The image can be at most 10 MB",
  brand_image_count: "Upload one image at a time",
  template_name_required: "Please enter a name for the template",
  brand_image_upload: "Logos and backgrounds are set by uploading an image",
  element_not_found: "This studio item no longer exists",
  theme_not_found: "This template no longer exists",
  overlay_changed: "Someone else changed the overlay just now. Try again.",
  bad_order: "The order must list each of the session's titles once",
  titleExists: "A template with this name already exists",
  // Spec 3 §5 link CTAs (the URL messages are the spec's own).
  offer_label_required: "A call to action needs a label",
  offer_label_too_long: "The label can be at most 40 characters",
  offer_url_required: "Please enter a URL",
  offer_url_invalid: "Please enter a valid URL",
  offer_url_insecure: 'You\'ve entered an unsecure URL. Please enter a URL that start with "HTTPS".',
  offer_not_shown: "This call to action is not shown right now",
  // Spec 3 §4, §5, §8 slides (the 'already in progress' words are the spec's).
  slide_type: "Only pdf, doc, docx, ppt, pptx, png, jpg and jpeg files can be uploaded",
  slide_upload_too_large: "The file can be at most 30 MB",
  slide_upload_not_found: "This upload no longer exists. Please upload the file again.",
  name_required: "Please enter a name",
  name_too_long: "The name can be at most 120 characters",
  slide_not_found: "This file no longer exists",
  slide_not_ready: "This file is not converted yet",
  slide_in_progress: "FilePresentation already in progress",
  slide_bad_order: "The order must list each of the session's files once",
  // Issue 25 §2 video shares.
  video_share_type: "Only mp4, mov and webm videos can be uploaded",
  video_share_too_large: "The video can be at most 200 MB",
  video_share_not_found: "This video no longer exists",
  video_share_not_ready: "This video is not ready yet",
  // Spec 3 §5 contribution CTAs (the account message is the spec's own) and issue 25 §4 donations.
  payment_account_required: "Please connect your payment account first",
  contribution_prompt_too_long: "The prompt can be at most 200 characters",
  contribution_not_found: "This contribution is no longer open",
  donation_amount_invalid: "Please enter an amount",
  donation_amount_too_small: "The smallest contribution is 1.00",
  donation_amount_too_large: "The largest contribution is 10,000.00",
  donation_not_found: "This payment does not exist",
  donation_in_progress: "Your last contribution is still being processed. Try again in a minute.",
  contributions_unavailable: "This channel cannot take contributions right now",
  payment_account_unavailable: "The payment provider could not be reached. Please try again in a moment.",
  // Issue 11 §2: the stage runs in the greenroom and while broadcasting only.
  stage_closed: "The stage is not open right now",
  not_on_stage: "Join the stage first",
  viewer_places_full: "The real-time stream is full: watching over HLS",
  not_broadcasting_yet: "The session is not live yet",
  bad_offer: "Your browser's media offer could not be used. Please reload the page.",
  bad_answer: "Your browser's media answer could not be used. Please reload the page.",
  already_publishing: "You are already on stage in this tab",
  // Issue 23 §1.1: the SFU restarted under the member; the stage joins again by itself.
  sfu_restarted: "The stage is reconnecting",
  bad_candidate: "Your browser's network candidate could not be used",
  // Host dashboard (issue 5 §1); the specs word none of these (docs/decisions.md).
  invalid_channel_name:
    "Channel names use 3 to 40 lower-case letters, digits, '-' or '_', starting with a letter or digit",
  channel_name_taken: "That channel name is already taken",
  channel_member_exists: "This person is already on the team",
  owner_locked: "The channel owner cannot be removed or demoted",
  member_not_found: "This person is not on the team",
  invite_not_found: "This invitation does not exist",
  invite_closed: "This invitation was revoked, accepted or has expired. Ask the team for a new one.",
  // Issue 23 §3.3: the speaker invitation's form.
  speaker_sessions_required: "Choose at least one session for the speaker",
  invalid_time_zone: "Please choose a valid time zone",
  invalid_currency: "Please choose a valid currency",
  patreon_tier_required: "Please set the membership tier amount",
  // Issue 28 §5.
  invalid_meta_pixel_id: "A Meta pixel ID is 5 to 20 digits, as Meta's Events Manager shows it",
  session_not_found: "This session does not exist",
  not_an_rtmp_session: "Only sessions broadcast with RTMP have a stream key",
  live_stream_not_found: "This session has no live stream yet",
  stream_key_changed: "The stream key was reset: copy the new one into your encoder",
  session_not_ended: "Feedback can be given once the session has ended",
  // Spec 2 §8: the warning toast for team members.
  live_attendee_limit: "You've reached the live attendee limit for this event.",
  session_live: "A session in the greenroom or on air cannot be deleted",
  last_session: "An event needs at least one session",
  single_session_event: "Turn on multi-session to have more than one session",
  ticket_not_found: "This ticket does not exist",
  invalid_ticket_price:
    "Free tickets cost 0, fixed prices are above 0, and a sliding maximum is 0 (none) or at least the minimum",
  coupon_not_found: "This coupon does not exist",
  coupon_name_taken: "This event already has a coupon with that name",
  invalid_coupon_value: "A percent coupon takes 1 to 100; an amount coupon at least 1 cent",
  question_not_found: "This question does not exist",
  poll_not_found: "This poll does not exist",
  poll_option_not_found: "That option is not part of this poll",
  poll_hidden: "This poll is hidden",
  invalid_poll: "A poll needs a question and at least 2 options",
  invalid_poll_order: "Please list every poll of the session exactly once",
  invalid_question_options:
    "Choice questions need 2 to 50 different, non-empty options without commas; other questions take none",
  invalid_question_bounds:
    "Only number questions have a minimum and maximum, and the minimum cannot exceed the maximum",
  too_many_questions: "An event can have at most 50 questions",
  invalid_question_order: "Please list every question of the event exactly once",
  // Spec 1 §8 membership gate.
  PATREON_CAMPAIGN_ID_NOT_FOUND:
    "This host's Patreon integration has been disconnected, please reach out to the host or support for further assistance.",
  INSUFFICIENT_TIER:
    "User still doesn't meet minimum tier requirements. If you believe this is a mistake, please email support",
  NOT_CONNECTED: "Please connect your Patreon account to check your membership",
  checkout_session_invalid: "We could not confirm your payment. Please choose your ticket again.",
  payments_unavailable: "Card payments are not available right now. Please try again later.",
  below_minimum: "Please enter at least the ticket's minimum amount",
  above_maximum: "Please enter at most the ticket's maximum amount",
  amount_too_large: "That order is too large to pay for at once",
  invalid_webhook: "Invalid webhook signature",
  // Spec 3 §8: a session set to LiveKit on an instance without LIVEKIT_URL (the spec's own words).
  no_livekit_url: "no livekit url provided",
  // Issue 13 §5: a recorder sign-in with a token that is not LiveKit Egress's for a session on air.
  invalid_recorder_token: "This recording token is not valid for a live session",
  membership_unavailable: "We could not check your membership right now. Please try again in a moment.",
  // Issue 23 §2.11: the database is away for a moment (a restart, a failover).
  database_unavailable: "Onstage is briefly unavailable. Please try again in a few seconds.",
  // Registration refusals the specs do not word (docs/decisions.md "Registration").
  ticket_required: "Please choose a ticket",
  invalid_ticket: "That ticket is not available for this event",
  payment_required: "Please complete the payment to register",
  membership_required: "Please confirm your membership to register for this event",
  banned: "You cannot register for this event",
  invalid_answer: "Please check your answers to the registration questions",
  unknown_question: "That question is not part of this event",
  too_many_guesses: "Too many attempts. Please wait a few minutes and try again.",
  // Chat, presence and moderation (issue 6); the specs word none of these (docs/decisions.md).
  // Realtime and the room (issue 6; spec 2 §8 gives no_token and the presence rate limit).
  removed_from_event: "You have been removed from this event",
  no_token: "No authentication token available for realtime connection.",
  rate_limit_exceeded: "Too many presence messages per second",
  invalid_topic: "Unknown topic",
  flood: "Too many messages, please slow down",
  chat_not_found: "This chat does not exist",
  message_not_found: "This message does not exist or was deleted",
  chat_disabled: "Chat is disabled for this session",
  // Spec 2 §2, §8: the disabled-Q&A message; §4 answering only while Broadcasting; §5 no own upvote.
  qa_disabled: "Q&A is disabled for this session",
  questions_not_broadcasting: "Questions can be answered only while the session is live",
  own_question_upvote: "You cannot upvote your own question",
  comment_not_found: "This comment does not exist or was deleted",
  chat_rate_limited: "You are sending messages too quickly. Please wait a few seconds.",
  // Issue 23 §2: every other audience write past its limit, and the realtime caps per address and user.
  too_fast: "You're doing that too fast. Wait a few seconds and try again.",
  too_many_connections: "Too many open connections from here. Close a tab and try again.",
  too_many_subscribes: "Too many subscriptions from here, please slow down",
  user_not_found: "This user does not exist",
  ban_not_found: "This ban does not exist",
  ban_self: "You cannot ban yourself",
  ban_channel_member: "Members of the channel's team cannot be banned",
  // Issue 12: the people row's Role menu and Remove Attendee (spec 1 §5).
  self: "You cannot do this to yourself",
  role_not_offered: "That role cannot be given here",
  unchanged: "This user already has that role",
  not_guest: "Only guests can be removed",
  hide_unregister: "Unregistering is turned off for this event",
  // Stage intents (issue 12 §6); the specs word none of these (docs/decisions.md "Stage intents").
  hands_not_allowed: "Raising hands is not allowed right now",
  hand_already_raised: "Your hand is already raised",
  no_hand_raised: "There is no raised hand to answer",
  already_invited: "This person is already invited to the stage",
  already_on_stage: "This person is already on stage",
  no_invite: "There is no invitation to the stage to answer",
  invite_self: "You cannot invite yourself to the stage",
  hand_raised: "This person raised a hand: accept it instead",
  rtmp_broadcast: "Guests cannot join the stage of an RTMP broadcast",
  stage_full: "The stage is full",
  session_closed: "The session is not open right now",
  intent_changed: "Someone else changed this first. Please try again.",
  not_a_stage_session:
    "Raising hands and the open stage are for sessions on the live stage only (not RTMP or lobby)",
  open_stage_on: "Raising hands is off while the stage is open",
  already_over_hls: "An RTMP broadcast is shown to everyone over HLS already",
  // Live captions (issue 13 item 7); the specs word none of these (docs/decisions.md "Live captions").
  captions_off: "Captions are not set up on this server",
  caption_source_not_found: "This caption URL is not valid any more",
  caption_too_long: "A caption line can be at most 500 characters",
  caption_rate_limited: "Too many caption lines, please slow down",
  // Spec 3 §5, §8: the link-preview helper (the first two are the spec's own words; the service adds
  // the address to the second). Issue 26 §4 words the others (docs/decisions.md "Link previews").
  link_preview_invalid_url: "Invalid input URL",
  link_preview_no_provider: "No provider found with given url",
  link_preview_not_found: "The provider has no preview for this address",
  link_preview_unavailable: "The preview could not be loaded. Please try again later.",
  link_preview_rate_limited: "Too many link previews. Please wait a few minutes and try again.",
  // Issue 28 §3: following a channel (the specs word none of these).
  follow_rate_limited: "Too many follows and unfollows. Please wait a few minutes and try again.",
  // Issue 28 §4: webhooks out (the specs word none of these).
  webhook_address_refused:
    "This address cannot receive webhooks: it must be a public http(s) address on port 80 or 443.",
  webhook_endpoints_full: "A channel can have at most 10 webhook endpoints. Delete one to add another.",
  webhook_not_found: "This webhook endpoint does not exist any more.",
  webhook_test_rate_limited: "Too many test events. Please wait a few minutes and try again.",
  invalid_unfollow_link: "This unfollow link is not valid. Sign in to unfollow the channel from its page.",
};

export function errorMessage(code: string): string {
  return MESSAGES[code] ?? PAGE_ERROR_MESSAGES.internal;
}
