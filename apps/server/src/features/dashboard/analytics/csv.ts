import {
  type Attendee,
  ENGAGEMENT_KINDS,
  ENGAGEMENT_LABELS,
  type EngagementMinute,
  type QualityView,
  type RegistrationSource,
} from "@onstage/domain";
import { stringify } from "csv-stringify/sync";
import { csvSafeCell } from "../registrations/csv";

// The numbers behind each of the analytics charts (issue 28 §2); text a person typed is made safe for
// spreadsheets like the registrations CSV.

const table = (header: string[], rows: (string | number | null)[][]) =>
  stringify([
    header,
    ...rows.map((row) => row.map((cell) => (typeof cell === "string" ? csvSafeCell(cell) : (cell ?? "")))),
  ]);

const SOURCE_KIND = { utm: "utm link", clip: "Clip", direct: "Direct" } as const;

export const sourcesCsv = (sources: RegistrationSource[]) =>
  table(
    ["Source type", "Source", "Medium", "Campaign", "Event page views", "Registrations"],
    sources.map((s) => [SOURCE_KIND[s.kind], s.source, s.medium, s.campaign, s.pageViews, s.registrations]),
  );

export const attendanceCsv = (attendees: Attendee[]) =>
  table(
    ["Name", "Email", "First seen", "Last seen", "Minutes live", "Visits"],
    attendees.map((a) => [a.name, a.email, a.firstSeen, a.lastSeen, a.minutes, a.visits]),
  );

export const engagementCsv = (minutes: EngagementMinute[]) =>
  table(
    ["Minute", ...ENGAGEMENT_KINDS.map((kind) => ENGAGEMENT_LABELS[kind])],
    minutes.map((m) => [m.minute, ...ENGAGEMENT_KINDS.map((kind) => m[kind])]),
  );

export const qualityCsv = (views: QualityView[]) =>
  table(
    [
      "Started at",
      "Viewer",
      "Delivery",
      "Startup (ms)",
      "Watched (ms)",
      "Rebuffers",
      "Rebuffering (ms)",
      "Dropped frames",
      "Rendition",
      "Upscale",
      "Failed",
      "Error",
      "Exited before start",
    ],
    views.map((v) => [
      v.startedAt,
      v.viewerName ?? "Visitor",
      v.delivery,
      v.startupMs,
      v.watchMs,
      v.rebufferCount,
      v.rebufferMs,
      v.droppedFrames,
      v.rendition,
      v.maxUpscale,
      v.failed ? "yes" : "no",
      v.errorCode,
      v.exitedBeforeStart ? "yes" : "no",
    ]),
  );
