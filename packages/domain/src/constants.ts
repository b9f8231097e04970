// Business constants of the three specs, unit in the name. Values the specs leave "not shown" are
// chosen in docs/decisions.md.

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;

// --- Registration and landing page (spec 1 §5, §9) ---

/** Issue 10 §2.3: session reminders are mailed this long before the start, longest lead first. */
export const REMINDER_LEADS_MS = { "24h": 24 * HOUR_MS, "1h": HOUR_MS } as const;

/** Spec 1 §3, §9: only the first 20 characters of custom_register_button_text are used. */
export const CUSTOM_REGISTER_BUTTON_TEXT_MAX_CHARS = 20;
/** Spec 1 §5: the register button's default text. */
export const DEFAULT_REGISTER_BUTTON_TEXT = "save my spot";
/** Spec 1 §9: toast 'event registration limit reached'. */
export const SEAT_LIMIT_TOAST_MS = 10 * SECOND_MS;
/** Spec 1 §9: 'Please answer all required questions.' warning toast. */
export const REQUIRED_QUESTION_TOAST_MS = 2 * SECOND_MS;
/** Spec 1 §2, §9: 'Email verified' success toast. */
export const EMAIL_VERIFIED_TOAST_MS = 5 * SECOND_MS;
/** Spec 1 §9: the registration dialog closes this soon when the user already holds a role. */
export const ROLE_EXISTS_DIALOG_CLOSE_MS = 500;
/** Spec 1 §5, §9: a cookie blocks registration this long after a registration failure. */
export const REGISTRATION_BLOCKED_COOKIE_MS = 2 * HOUR_MS;
/** Spec 1 §5, §9: a blocked retry fails after this wait. */
export const REGISTRATION_BLOCKED_RETRY_WAIT_MS = 2 * SECOND_MS;
/** Spec 1 §9: the userHasSetPassword marker from lookup-account stays valid this long. */
export const PASSWORD_MARKER_VALIDITY_MS = 5 * MINUTE_MS;
/** Spec 1 §2, §9: multiple-choice or multi-select with more than this many options is a searchable dropdown. */
export const SELECT_DROPDOWN_THRESHOLD_OPTIONS = 5;
/** Spec 1 §2: custom date answers display in this (date-fns) format. */
export const CUSTOM_QUESTION_DATE_FORMAT = "MMMM d, yyyy";
/** Spec 1 §5 / spec 2 §5: names longer than this are refused (value not shown; see decisions). */
export const NAME_MAX_CHARS = 50;
/** E-mail addresses longer than RFC 5321's path limit cannot be delivered. */
export const EMAIL_MAX_CHARS = 254;
/** Spec 1 §5: custom registration answers are bounded (value not shown; docs/decisions.md "Registration"). */
export const CUSTOM_ANSWER_MAX_CHARS = 2000;

// --- Event page (spec 1 §2, §4, §9) ---

/** Spec 1 §4, §9: an archived event seen by a non-member redirects to /dash after this delay. */
export const ARCHIVE_REDIRECT_DELAY_MS = 6 * SECOND_MS;
/** Spec 1 §2, §9: 'Another session is about to start' auto-redirects after this countdown. */
export const SESSION_INVITE_AUTO_ACCEPT_SECONDS = 12;
/** Spec 1 §4, §9: the duplicate-tab screen counts as resolved if still unresolved after this. */
export const DUPLICATE_TAB_FALLBACK_MS = 5 * SECOND_MS;
/** Spec 1 §4: a tab of the same browser that holds the session answers a probe within this (see decisions). */
export const TAB_PROBE_MS = 1 * SECOND_MS;
/** Spec 1 §4: 'Redirecting back to greenroom' stream-error toast. */
export const GREENROOM_ERROR_TOAST_MS = 5 * SECOND_MS;

// --- People, bans and stage (spec 1 §5, §6, §9; spec 2 §6) ---

/** Spec 1 §4, §9: 'Hand Raised' info toast for hosts. */
export const HAND_RAISED_TOAST_MS = 4 * SECOND_MS;
/** Spec 1 §5: at most this many people on stage (value not shown; see decisions). */
export const STAGE_CAPACITY_USERS = 10;
/** Spec 1 §2, §6: owners and admins see the max-tile banner from this many tiles (value not shown). */
export const MAX_TILE_BANNER_THRESHOLD_TILES = 8;
/** Spec 1 §2 'Unsupported Browser Version': the oldest Chromium without the banner (see decisions). */
export const MIN_CHROMIUM_MAJOR_VERSION = 110;
/** Spec 1 §9 / spec 2 §8: live attendees allowed per event (value not shown; see decisions). */
export const LIVE_ATTENDEE_LIMIT = 1_000;
/** Spec 1 §9: bans always carry this reason. */
export const BAN_REASON = "Spam";
/** Spec 1 §9: the registered-users list refetches at most this often unless forced. */
export const REGISTERED_USERS_REFETCH_THROTTLE_MS = 60 * SECOND_MS;
/** Spec 1 §9: 'Show More' page of the registered list (value not shown; see decisions). */
export const REGISTERED_USERS_PAGE_SIZE = 20;
/** Spec 1 §7, §9: search_event_users_fts limit_param. */
export const USER_SEARCH_RESULTS_LIMIT = 50;

// --- Realtime resilience (spec 1 §4, §9; spec 2 §8, §9) ---

/** Spec 1 §4, §9: session and event subscriptions restart at most 5 times, 2 s × attempt apart. */
export const SUBSCRIPTION_MAX_RESTARTS = 5;
export const SUBSCRIPTION_RESTART_DELAYS_MS = [2_000, 4_000, 6_000, 8_000, 10_000] as const;
/** Spec 2 §4, §8: after this many failures of one subscription the page hard-reloads. */
export const SUBSCRIPTION_FAILURES_BEFORE_RELOAD = 5;
/** Spec 2 §4, §9: hard reloads happen at most once per hour. */
export const RELOAD_GUARD_MS = HOUR_MS;
/** Spec 2 §8: presence rate-limited ('Too many presence messages per second') retries after this. */
export const PRESENCE_RATE_LIMIT_RETRY_MS = 3 * SECOND_MS;
/** Spec 2 §8: other presence failures retry on this schedule, then give up. */
export const PRESENCE_RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 15_000, 20_000] as const;
export const PRESENCE_MAX_RETRIES = 5;
/** Spec 2 §9 / spec 3 §9: a user is live if their presence was updated within this window. */
export const PRESENCE_LIVE_WINDOW_MS = 90 * SECOND_MS;
/** Spec 2 §9: presence records are written in batches of this many. */
export const PRESENCE_BATCH_MAX_RECORDS = 500;
/** Spec 2 §9: presence timings. */
export const PRESENCE_RECONCILE_INTERVAL_MS = 120 * SECOND_MS;
export const PRESENCE_SYNC_DEBOUNCE_MS = 2 * SECOND_MS;
/** Spec 2 §9: realtime client settings. */
export const REALTIME_CLIENT_TIMEOUT_MS = 60 * SECOND_MS;
export const REALTIME_HEARTBEAT_MS = 30 * SECOND_MS;
export const REALTIME_CLIENT_INIT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;
export const REALTIME_CLIENT_INIT_MAX_ATTEMPTS = 5;
export const ONLINE_REFRESH_WAIT_MS = 2 * SECOND_MS;
/**
 * Issue 6 server limits (not in the specs; see decisions): a frame above this size is refused, a
 * connection sending more than this many frames a second is refused the excess, presence messages are
 * rate-limited separately ('Too many presence messages per second', retried after 3 s).
 */
export const REALTIME_MAX_FRAME_BYTES = 16 * 1024;
export const REALTIME_FRAMES_PER_SECOND = 30;
export const PRESENCE_MESSAGES_PER_SECOND = 5;
/** A connection that keeps this many messages unsent is a slow client: it is dropped and resumes. */
export const REALTIME_SLOW_CLIENT_BUFFERED_MESSAGES = 1_000;
/** A resume replays at most this many messages per topic; beyond that the client refetches. */
export const REALTIME_REPLAY_MAX_MESSAGES = 500;
/** Topic messages are kept this long for resumes (a restart or a dead node loses nothing younger). */
export const REALTIME_RETENTION_MS = 15 * MINUTE_MS;
/** A banned user is removed from the event's topics within this time (issue 6 item 7). */
export const REALTIME_BAN_EVICTION_MS = 1 * SECOND_MS;
/** An early message waits this long for the gap before it to fill before the client resumes. */
export const REALTIME_GAP_WAIT_MS = 1 * SECOND_MS;
/**
 * Issue 14 item 7 (not in the specs): what a topic publishes within this tick goes to its subscribers as
 * one `messages` frame, so a busy chat costs one write per viewer per tick rather than per message.
 */
export const REALTIME_BATCH_TICK_MS = 50;
/**
 * Issue 23 §2.1 (not in the specs; docs/decisions.md "Issue 23"): what one client address and one user
 * may hold of a node's realtime connections, and subscribes as token buckets (a burst, then a rate) per
 * connection and per address, so a storm of subscribes from one place cannot starve the node.
 */
export const REALTIME_CONNECTIONS_PER_ADDRESS = 100;
export const REALTIME_CONNECTIONS_PER_USER = 20;
export const REALTIME_SUBSCRIBES_PER_CONNECTION = { burst: 20, perSecond: 2 } as const;
export const REALTIME_SUBSCRIBES_PER_ADDRESS = { burst: 100, perSecond: 20 } as const;

// --- Session, go-live and delivery (spec 2 §4, §8, §9) ---

/** Spec 2 §4: the go-live countdown starts here (value not shown; see decisions). */
export const GO_LIVE_COUNTDOWN_START_SECONDS = 10;
/** Spec 2 §4: 'Take a breath' above this, 'Going live in' at or below it. */
export const GO_LIVE_COUNTDOWN_FINAL_SECONDS = 3;
/** Spec 2 §4, §9: 'You're live!' shows this long. */
export const YOU_ARE_LIVE_NOTICE_MS = 2 * SECOND_MS;
/** Spec 2 §8: 'This is taking longer than usual. Please wait...' after the countdown is stuck this long. */
export const COUNTDOWN_STUCK_MS = 5 * SECOND_MS;
/** Spec 2 §4, §9: HEAD healthcheck on the HLS delivery host. */
export const HLS_HEALTHCHECK_TIMEOUT_MS = 3_500;
/** Spec 2 §4: HLS is used above this many viewers (value not shown; see decisions). */
export const HLS_VIEWER_THRESHOLD_USERS = 50;
/**
 * Issue 27 §1: a room on HLS goes back to WebRTC only this many viewers under the threshold, so an
 * audience hovering at the threshold does not flip its delivery at every arrival.
 */
export const HLS_VIEWER_HYSTERESIS_USERS = 10;
/**
 * Issue 27 §1: a viewer place costs the SFU two WebRTC connections' set-up, so a connection may ask for
 * one three times at once (a reload, a network change), then one every 5 s.
 */
export const VIEWER_JOINS_PER_CONNECTION = { burst: 3, perSecond: 0.2 } as const;
/**
 * Issue 27 §1: a viewer whose real-time picture has not started this long after joining (no program
 * published, a refused ICE path) watches over HLS instead.
 */
export const REALTIME_PROGRAM_WAIT_MS = 8 * SECOND_MS;
/** Issue 27 §1: how often a node recounts its live sessions' audiences against the threshold. */
export const VIEWER_DELIVERY_SWEEP_MS = 2 * SECOND_MS;
/** Spec 2 §7, §9: the RTMP transcoder is polled until available. */
export const TRANSCODER_POLL_MS = 3 * SECOND_MS;
/** Spec 2 §8, §9: 'Session limit approaching' this long before the maximum runtime. */
export const SESSION_RUNTIME_WARNING_MS = 10 * MINUTE_MS;
/** Spec 2 §9: the RTMP server address shows 'copied' this long. */
export const RTMP_COPIED_STATE_MS = 2 * SECOND_MS;
/** Issue 23 §1.2: an encoder's connection has this long from its accept to a checked key (its publish). */
export const RTMP_PUBLISH_DEADLINE_MS = 10 * SECOND_MS;
/** Issue 23 §1.2: the RTMP connections one remote address may hold at once. */
export const RTMP_CONNECTIONS_PER_ADDRESS = 10;
/** Issue 23 §1.2: a wrong key's refusal waits this long, each next one from the address twice as long… */
export const RTMP_WRONG_KEY_DELAY_MS = 250;
/** …up to this. */
export const RTMP_WRONG_KEY_DELAY_MAX_MS = 8 * SECOND_MS;
/** Issue 23 §1.2: an address's wrong keys are forgotten this long after its last one. */
export const RTMP_WRONG_KEY_MEMORY_MS = 10 * MINUTE_MS;
/** Spec 2 §9: video back buffer (normal, live, low-latency). */
export const VIDEO_BACK_BUFFER_SECONDS = 30;
export const VIDEO_LIVE_BACK_BUFFER_SECONDS = 8;
export const VIDEO_LOW_LATENCY_BACK_BUFFER_SECONDS = 4;
/** Spec 2 §9: 'attended' analytics are suppressed for sessions that ended longer ago than this. */
export const ATTENDED_ANALYTICS_CUTOFF_MS = 20 * MINUTE_MS;
/** Spec 2 §7, §9: live users are read in pages of this many (value not shown; see decisions). */
export const LIVE_USERS_QUERY_LIMIT = 100;
/** Spec 2 §9: a live user's state row is refreshed this often (value not shown; see decisions). */
export const LIVE_USER_UPSERT_INTERVAL_MS = 30 * SECOND_MS;
/** Spec 2 §9: organization names are cut at this length (value not shown; see decisions). */
export const ORGANIZATION_NAME_MAX_CHARS = 50;

// --- Lobby and sidebar (spec 2 §2, §9) ---

/** Spec 2 §2: lobby groups list this many sessions, then '+N more'. */
export const LOBBY_GROUP_MAX_ITEMS = 3;
/** Spec 2 §2: scheduled sessions are listed if scheduled within the last hour or later. */
export const LOBBY_SCHEDULED_LOOKBACK_MS = HOUR_MS;
/** Spec 2 §2: ended sessions are listed if they ended within 2 hours. */
export const LOBBY_ENDED_WITHIN_MS = 2 * HOUR_MS;
/** Spec 2 §2: each avatar in the avatar row takes about this much width. */
export const AVATAR_ROW_ITEM_WIDTH_PX = 45;
/** Spec 2 §2, §9: unread badges count up to this, then read '10+'. */
export const UNREAD_BADGE_MAX_COUNT = 10;
/** Spec 2 §9: profile popover bio area height and profile cache lifetime. */
export const PROFILE_BIO_MAX_HEIGHT_PX = 165;
export const PROFILE_CACHE_MS = 300 * SECOND_MS;

// --- Chat, Q&A, polls, feedback, donations (spec 2 §4, §5, §9) ---

/** Spec 2 §7: chat messages are paged by id (value not shown; see decisions). */
export const CHAT_PAGE_SIZE = 50;
/** Chat text is stored as typed up to this length (the database holds the same check). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** Questions and their comments: the same bound as chat (migration 003's check). */
export const QUESTION_TEXT_MAX_LENGTH = 2000;
/** Chat sends per user (not in the specs; see decisions): a flood is refused, others are unharmed. */
export const CHAT_SENDS_PER_10_SECONDS = 20;
/**
 * Issue 23 §2.2 (not in the specs; docs/decisions.md "Issue 23"): every audience write, per user per
 * session, at most `max` in each fixed window of `windowMs` (rate-limits/rules.ts).
 */
export const AUDIENCE_RATE_LIMITS = {
  chat_message: { max: CHAT_SENDS_PER_10_SECONDS, windowMs: 10 * SECOND_MS },
  chat_reaction: { max: 30, windowMs: 10 * SECOND_MS },
  question: { max: 10, windowMs: MINUTE_MS },
  question_comment: { max: 20, windowMs: MINUTE_MS },
  question_upvote: { max: 30, windowMs: MINUTE_MS },
  poll_answer: { max: 10, windowMs: 10 * SECOND_MS },
  stage_intent: { max: 10, windowMs: MINUTE_MS },
  offer_click: { max: 10, windowMs: 10 * SECOND_MS },
  /** Each is a checkout session at the card provider: a person gives a few times, never dozens. */
  donation: { max: 5, windowMs: MINUTE_MS },
  /** Issue 26: each clip is a cut on the server: a viewer saves a few moments, not a stream of them. */
  clip: { max: 5, windowMs: MINUTE_MS },
  /** Issue 27: a viewer place's token (LiveKit); a viewer asks again only on a reconnect or a reload. */
  viewer_place: { max: 10, windowMs: MINUTE_MS },
} as const;
/** Spec 2 §5, §9: 'Please verify your email to interact in the event' and other stage toasts. */
export const STAGE_TOAST_MS = 5 * SECOND_MS;
/** Spec 2 §5, §9: upvote calls are debounced. */
export const UPVOTE_DEBOUNCE_MS = 500;
/** Spec 2 §9: question timings. */
export const QUESTION_ANSWER_CLICK_GUARD_MS = 1 * SECOND_MS;
export const QUESTION_RESORT_COUNTDOWN_MS = 3 * SECOND_MS;
export const QUESTIONS_SIDEBAR_SLIDE_IN_DELAY_MS = 300;
/** Spec 2 §4: after the session ended an answered question replays from its timestamp minus this. */
export const ANSWERED_QUESTION_REPLAY_OFFSET_MS = 2 * SECOND_MS;
/** Issue 12: a truncated question on stage keeps this many characters, then an ellipsis (see decisions). */
export const QA_STAGE_TRUNCATE_CHARS = 140;
/** Issue 12: the stage's question card never grows past this many lines, truncated or not (see decisions). */
export const QA_STAGE_MAX_LINES = 6;
/** Spec 2 §9: an overlay quick-show lasts this long. */
export const OVERLAY_QUICK_SHOW_MS = 5 * SECOND_MS;
/** Spec 2 §5: a poll needs at least this many non-empty options, and keeps this many slots. */
export const POLL_MIN_OPTIONS = 2;
/** Spec 2 §4: feedback page 1 auto-advances after the overall rating. */
export const FEEDBACK_AUTO_ADVANCE_MS = 500;
/** Spec 2 §3, §9: star ratings. */
export const STAR_RATING_MIN = 1;
export const STAR_RATING_MAX = 5;
/** The feedback text's limit (the feedback table's check; the spec names none). */
export const FEEDBACK_TEXT_MAX_CHARS = 5_000;
/** Spec 2 §4, §9: the donation status is polled until success. */
export const DONATION_STATUS_POLL_MS = 1 * SECOND_MS;

// --- Clips (spec 2 §5, §9; spec 3 §2, §9) ---

/** Spec 2 §5, §9: a clip lasts at most 60 s (the range is clamped); default 30 s. */
export const CLIP_MAX_SECONDS = 60;
export const CLIP_DEFAULT_SECONDS = 30;
/** Spec 2 §9: the clip playlist window around the current point. */
export const CLIP_PLAYLIST_WINDOW_SECONDS = 300;
/** Spec 3 §2, §9: the clip embed iframe. */
export const CLIP_EMBED_WIDTH = "100%";
export const CLIP_EMBED_HEIGHT_PX = 800;
/** Spec 3 §8, §9: 'clip ready for download' toast. */
export const CLIP_READY_TOAST_MS = 10 * SECOND_MS;

// --- Studio sidebar (spec 3 §3, §5, §9) ---

/** Spec 3 §3, §5, §9: title overlay limits. */
export const TITLE_OVERLAY_TITLE_MAX_CHARS = 32;
export const TITLE_OVERLAY_SUBTITLE_MAX_CHARS = 45;
/** Spec 3 §2, §9: offer previews are cut here and get an ellipsis. */
export const OFFER_PREVIEW_TRUNCATE_CHARS = 32;
/** Spec 3 §2: a call to action is a button over the player; its label stays short (see decisions). */
export const OFFER_LABEL_MAX_CHARS = 40;
/** Issue 25 §3: how often the team's CTA list reads its clicks again while a CTA is on air. */
export const OFFER_CLICKS_REFRESH_MS = 10 * SECOND_MS;
/** Spec 3 §5, §9: a contribution CTA's prompt default. */
export const DEFAULT_CONTRIBUTION_PROMPT = "Thank you";
/** Issue 25 §3: the prompt is a line over the amount field, not a letter (see decisions). */
export const CONTRIBUTION_PROMPT_MAX_CHARS = 200;
/** Spec 3 §5, §9: currency default when the event has no ticket currency. */
export const DEFAULT_CURRENCY = "USD";
/** Spec 3 §3, §9: the brand primary colour default. */
export const DEFAULT_PRIMARY_COLOR = "#EC5F3E";
/** Spec 3 §3: brand elements carry these fixed titles. */
export const BRAND_ELEMENT_TITLES = {
  logo: "logo",
  background: "background",
  primaryColor: "primary-color",
} as const;
/** Spec 3 §5, §9: logo and background uploads. */
export const IMAGE_UPLOAD_MAX_BYTES = 10_000_000;
export const IMAGE_UPLOAD_MAX_FILES = 1;
export const IMAGE_FILE_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
/** Spec 3 §5: slide uploads. */
export const SLIDE_FILE_EXTENSIONS = ["pdf", "doc", "docx", "ppt", "pptx", "png", "jpg", "jpeg"] as const;
/** Issue 25 §1: a slide file's upload limit (BigBlueButton's; the converter checks it again). */
export const SLIDE_UPLOAD_MAX_BYTES = 30_000_000;
/** Issue 25 §2: a shared video's upload limit (the preparation checks it again, with the duration). */
export const VIDEO_SHARE_MAX_BYTES = 200_000_000;
export const VIDEO_FILE_EXTENSIONS = ["mp4", "mov", "webm"] as const;
/** Spec 3 §4, §9: slide Show/Hide buttons stay disabled this long after an action. */
export const SLIDE_ACTION_BUTTON_DISABLE_MS = 2_500;
/** Spec 3 §7, §9: file reorder numbering starts here. */
export const FILE_ORDER_START = 1;
/** Spec 3 §2, §9: the template saved-changes indicator disappears after this. */
export const SAVED_CHANGES_INDICATOR_MS = 3 * SECOND_MS;
/** Spec 3 §4, §5, §9: 'template loaded' and 'titleExists' toasts. */
export const TEMPLATE_TOAST_MS = 5 * SECOND_MS;
/** Spec 3 §5: the link-preview helper accepts only these protocols. */
export const LINK_PREVIEW_PROTOCOLS = ["http:", "https:", "ftp:"] as const;
/** Issue 26 §4: a longer address is 'Invalid input URL' (browsers' practical limit; see decisions). */
export const LINK_PREVIEW_URL_MAX_CHARS = 2048;
/** Issue 26 §4: the largest maxwidth/maxheight a preview may ask its provider for. */
export const LINK_PREVIEW_MAX_DIMENSION_PX = 10_000;
/** Issue 26 §4: a provider's title and author name are cut here (a card shows a line or two). */
export const LINK_PREVIEW_TEXT_MAX_CHARS = 500;
/** Issue 26 §4: an embed's html past this is dropped (real embeds are a few KB; it bounds the cache). */
export const LINK_PREVIEW_HTML_MAX_CHARS = 32_000;

// --- Video-analytics library defaults (spec 3 §9) ---

export const VIDEO_ANALYTICS_REBUFFER_MIN_MS = 250;
export const VIDEO_ANALYTICS_SUSTAINED_REBUFFER_THRESHOLD_MS = 1_000;
export const VIDEO_ANALYTICS_BEACON_BATCH_EVENTS = 300;
export const VIDEO_ANALYTICS_QUEUE_MAX_EVENTS = 3_600;
export const VIDEO_ANALYTICS_BASE_INTERVAL_MS = 10 * SECOND_MS;
export const VIDEO_ANALYTICS_PAYLOAD_MAX_KB = 500;
export const VIDEO_ANALYTICS_STRING_MAX_CHARS = 51_200;
export const VIDEO_ANALYTICS_SESSION_EXPIRY_MS = 25 * MINUTE_MS;
export const VIDEO_ANALYTICS_VIEWER_COOKIE_DAYS = 7_300;
export const VIDEO_ANALYTICS_NEW_VIEW_INACTIVITY_MS = HOUR_MS;
export const VIDEO_ANALYTICS_DEVICE_SLEEP_DETECTION_MS = 30 * SECOND_MS;

// Sign-in links (issue 4 §11: at most 10 minutes).
export const SIGN_IN_LINK_TTL_MINUTES = 10;

// Card checkout (issue 5).
/** How long a checkout holds its seat and coupon use; the provider's session expires with it (Stripe: 30 min at least). */
export const CHECKOUT_HOLD_MINUTES = 45;

// Live captions (issue 13 item 7; docs/decisions.md "Live captions").
/** A caption line is shown until the next one, but never longer than this. */
export const CAPTION_CUE_MAX_MS = 5_000;
/** A captioner's line; longer bodies are refused (a caption line is a sentence or two). */
export const CAPTION_LINE_MAX_CHARS = 500;
/** Lines one caption source may post per minute (a fast captioner sends about one a second). */
export const CAPTION_LINES_PER_MINUTE = 120;

/**
 * POST /api/livekit/recorder-sign-in: LiveKit Egress's template (the recorder view) trades the token
 * Egress gave it for the recorder's credential (a cookie): the reads of the host who went live.
 */
export const RECORDER_SIGN_IN_PATH = "/api/livekit/recorder-sign-in";
