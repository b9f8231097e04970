import type { MyInvite } from "@onstage/domain";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { ORG_ROLE_LABELS } from "../labels";
import { useAcceptInvite, useMyInvites } from "../useMyInvites";
import { browserTimeZone, formatInZone } from "../zonedTime";

/** Issue 10 §1.1: the invitee's consent. Nothing shows until there is an invitation to answer. */
export function MyInvites() {
  const invites = useMyInvites();
  const accept = useAcceptInvite();
  if (!invites.data?.length) return null;
  const join = (invite: MyInvite) =>
    accept.mutate(invite.id, {
      onSuccess: () =>
        toast.success(`You joined the team of ${invite.channelName}`, { durationMs: DEFAULT_TOAST_MS }),
    });
  return (
    <section className="dash-invites" aria-labelledby="dash-invites-heading">
      <h2 id="dash-invites-heading">Invitations</h2>
      <ul className="dash-team">
        {invites.data.map((invite) => (
          <li key={invite.id} className="dash-team__row">
            <div className="dash-team__who">
              <span className="dash-team__name">
                {invite.channelName} invited you as {ORG_ROLE_LABELS[invite.role].toLowerCase()}
              </span>
              <span className="dash-team__email">
                Expires {formatInZone(invite.expiresAt, browserTimeZone())}
              </span>
            </div>
            <Button size="sm" disabled={accept.isPending} onClick={() => join(invite)}>
              Accept<span className="visually-hidden"> the invitation of {invite.channelName}</span>
            </Button>
          </li>
        ))}
      </ul>
      <FormError message={accept.error ? failureText(accept.error) : null} />
    </section>
  );
}
