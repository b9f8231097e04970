import type { FastifyBaseLogger } from "fastify";
import type { BroadcastLifecycle } from "../kernel/broadcast/lifecycle";
import type { CookiePolicy } from "../kernel/identity/user-sessions";
import type { Tracker } from "../platform/analytics/tracker";
import type { Database } from "../platform/database";
import type { Mailer } from "../platform/mail/mailer";
import type { Realtime } from "../platform/realtime/port";
import type { FileStorage } from "../platform/storage/port";
import type { AuthService } from "./auth/service";
import type { EventsService } from "./events/service";

/** What app.ts hands every feature: the ports and the services features share. */
export interface FeatureDeps {
  db: Database;
  tracker: Tracker;
  mailer: Mailer;
  storage: FileStorage;
  publicUrl: string;
  policy: CookiePolicy;
  auth: AuthService;
  events: EventsService;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** Publishes committed topic messages (withOutbox) and evicts banned users. */
  realtime: Realtime;
  /** Session state moves and recording changes, for the media they drive (in-process). */
  lifecycle: BroadcastLifecycle;
  /** Issue 27: the audience watches over WebRTC up to this many viewers (HLS_VIEWER_THRESHOLD). */
  viewerThreshold: number;
  /**
   * Signs the links that act without a sign-in (a go-live mail's unfollow link): MEDIA_SECRET, kept
   * in the data directory by default, the same on every node; each use signs its own purpose.
   */
  linkSecret: string;
}
