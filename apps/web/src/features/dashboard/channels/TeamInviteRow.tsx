import type { TeamInvite } from "@onstage/domain";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ORG_ROLE_LABELS } from "../labels";
import { useResendInvite, useRevokeInvite } from "../useTeam";
import { browserTimeZone, formatInZone } from "../zonedTime";

/** A pending invitation (issue 10 §1.1): the address's owner has not accepted yet; resend or revoke it. */
export function TeamInviteRow({ channelId, invite }: { channelId: number; invite: TeamInvite }) {
  const resend = useResendInvite(channelId);
  const revoke = useRevokeInvite(channelId);
  const isBusy = resend.isPending || revoke.isPending;
  const isExpired = Date.parse(invite.expiresAt) <= Date.now();
  const when = formatInZone(invite.expiresAt, browserTimeZone());
  const done = (text: string) => () => toast.success(text, { durationMs: DEFAULT_TOAST_MS });
  const error = resend.error ?? revoke.error;
  return (
    <li className="dash-team__row">
      <div className="dash-team__who">
        <span className="dash-team__name">{invite.email}</span>
        <span className="dash-team__email">
          {isExpired ? `Invitation expired ${when}` : `Invitation expires ${when}`}
        </span>
      </div>
      <div className="dash-team__controls">
        <Badge tone="info">Invited as {ORG_ROLE_LABELS[invite.role]}</Badge>
        <Button
          variant="secondary"
          size="sm"
          disabled={isBusy}
          onClick={() =>
            resend.mutate(invite.id, { onSuccess: done(`Invitation sent again to ${invite.email}`) })
          }
        >
          Resend<span className="visually-hidden"> invitation to {invite.email}</span>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={isBusy}
          onClick={() =>
            revoke.mutate(invite.id, { onSuccess: done(`Invitation to ${invite.email} revoked`) })
          }
        >
          Revoke<span className="visually-hidden"> invitation to {invite.email}</span>
        </Button>
      </div>
      <FormError message={error ? failureText(error) : null} />
    </li>
  );
}
