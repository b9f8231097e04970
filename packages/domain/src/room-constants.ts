import { HOUR_MS, MINUTE_MS, SECOND_MS } from "./constants";

// The specs' constants that only the room's own code uses (the realtime client's recovery, idle
// viewers, the people directory, the media room, error reports). A module of their own: the event page's
// first load carries constants.ts, and these stay in the room's chunks (issue 14's budget).
// architecture/constants-used.test.ts checks them as it checks constants.ts.

/** Spec 1 §7, §9: profiles are fetched in batches of this many ids. */
export const PROFILE_BATCH_MAX_IDS = 100;
/** Spec 1 §9: user cache bounds. */
export const USER_CACHE_MAX_ENTRIES = 15_000;
export const USER_CACHE_TTL_MS = 8 * HOUR_MS;
/** Spec 1 §9: the cache warns at about 4 MB of session storage. */
export const USER_CACHE_WARN_BYTES = 4 * 1024 * 1024;
/** Spec 1 §9: profile lookups are batched over this delay. */
export const USER_LOOKUP_BATCH_DELAY_MS = 50;
/** Spec 2 §9: visibility changes are throttled, then the channel is checked after a wait. */
export const VISIBILITY_CHANGE_THROTTLE_MS = 60 * SECOND_MS;
export const VISIBILITY_CHANNEL_CHECK_WAIT_MS = 3 * SECOND_MS;
export const REALTIME_HEALTH_CHECK_INTERVAL_MS = 5 * MINUTE_MS;
export const CHANNEL_STALE_AFTER_MS = 5 * MINUTE_MS;
export const REALTIME_AUTH_WAIT_MAX_MS = 10 * SECOND_MS;
export const REALTIME_AUTH_POLL_MS = 100;
/** Spec 2 §9: recovery timings. */
export const HEALTH_CHECK_SUPPRESS_AFTER_TOKEN_REFRESH_MS = 15 * SECOND_MS;
export const TOKEN_REFRESH_DEDUPE_MS = 2 * SECOND_MS;
export const CLIENT_REFRESH_COOLDOWN_MS = 5 * SECOND_MS;
export const FALLBACK_HEALTH_CHECK_INTERVAL_MS = 10 * MINUTE_MS;
export const REALTIME_INACTIVITY_LIMIT_MS = 30 * MINUTE_MS;
export const BACKGROUND_RECOVERY_HIDDEN_MS = 2 * MINUTE_MS;
export const BACKGROUND_RECOVERY_CHECK_DELAY_MS = 5 * SECOND_MS;
export const CHANNEL_NOT_FOUND_CONSECUTIVE_CHECKS = 2;
export const AUTH_ERROR_ANALYTICS_THROTTLE_MS = 60 * SECOND_MS;
export const AUTH_CHANGE_REFRESH_DELAY_MS = 1 * SECOND_MS;
/** Spec 1 §9 / spec 3 §9: idle timeout and its activity-event throttle. */
export const IDLE_TIMEOUT_MS = 20 * MINUTE_MS;
export const IDLE_EVENTS_THROTTLE_MS = 200;
export const MEDIA_ROOM_DEFAULT_LOG_LEVEL = "warn";
/** Spec 3 §9: device choices are kept in local storage under this key (key not shown; see decisions). */
export const MEDIA_ROOM_USER_CHOICES_STORAGE_KEY = "lk-user-choices";
/** Issue 29 §4: a browser error report's bounds, and how many a page sends a minute (the rest are dropped). */
export const CLIENT_ERROR_MESSAGE_MAX_CHARS = 1_000;
export const CLIENT_ERROR_STACK_MAX_CHARS = 8_000;
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;
/** Issue 29 §4: reports a server takes from one address a minute. */
export const CLIENT_ERROR_REPORTS_PER_ADDRESS_PER_MINUTE = 60;
