import type { Database } from "../../platform/database";
import type { JobHandler } from "../../platform/jobs/worker";
import { composeMail } from "../../platform/mail/layout";
import type { Mailer } from "../../platform/mail/mailer";
import { unfollowLink } from "../followers/service";
import { findGoLiveMail } from "./queries";

// Spec 2 §7 /api/notifications/go-live: one mail per follower, sent by the durable job queue.

export const GO_LIVE_MAIL_JOB = "go-live-mail";

/**
 * Reads the session when the job runs: a session that left the air, an event made private or a
 * follower who unfollowed meanwhile, sends nothing. Each mail has its one-click unfollow link.
 */
export function goLiveMailJobs(deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  linkSecret: string;
}) {
  const handler: JobHandler = async (payload, context) => {
    const mail = await findGoLiveMail(deps.db, {
      userId: Number(payload.userId),
      sessionId: Number(payload.sessionId),
    });
    // Unfollowed since the go-live: nothing more from this channel.
    if (!mail?.followedAt || mail.isPrivate || mail.state !== "broadcasting") return "skipped";
    const unfollow = unfollowLink(deps, {
      channelId: mail.organizationId,
      userId: Number(payload.userId),
      followedAt: mail.followedAt,
    });
    const title = mail.sessionTitle ? `${mail.eventTitle}: ${mail.sessionTitle}` : mail.eventTitle;
    const id = context.key.replace(/[^\w.-]/g, ".");
    await deps.mailer.send({
      ...composeMail({
        to: mail.email,
        subject: `${mail.organizationName} is live now: ${title}`,
        firstName: mail.firstName,
        paragraphs: [`${mail.organizationName}, a channel you follow, just went live with ${title}.`],
        button: { label: "Join now", link: `${deps.publicUrl}/c/${encodeURIComponent(mail.eventCode)}` },
        notes: ["You get this mail because you follow this channel."],
        unsubscribe: { label: `Unfollow ${mail.organizationName}`, ...unfollow },
      }),
      messageId: `<${id}@${new URL(deps.publicUrl).hostname}>`,
    });
    return "done";
  };
  return { [GO_LIVE_MAIL_JOB]: handler };
}
