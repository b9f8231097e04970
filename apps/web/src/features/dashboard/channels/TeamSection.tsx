import type { TeamMember } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../../api";
import { Spinner } from "../../../ui/Spinner";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { SettingsSection } from "../../account-settings/SettingsSection";
import { ConfirmDialog } from "../form/ConfirmDialog";
import { useRemoveMember, useTeam } from "../useTeam";
import { InviteTeammateForm } from "./InviteTeammateForm";
import { TeamInviteRow } from "./TeamInviteRow";
import { memberName, TeamMemberRow } from "./TeamMemberRow";

/** Owner, admins and members of the channel, pending invitations, and the invite form. */
export function TeamSection({ channelId }: { channelId: number }) {
  const team = useTeam(channelId);
  const remove = useRemoveMember(channelId);
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const confirmRemove = () => {
    if (!leaving) return;
    remove.mutate(leaving.userId, {
      onSuccess: () => {
        toast.success(`${memberName(leaving)} was removed from the team`, { durationMs: DEFAULT_TOAST_MS });
        setLeaving(null);
      },
    });
  };
  return (
    <SettingsSection title="Team">
      {team.isPending && <Spinner label="Loading the team…" />}
      {team.isError && <p role="alert">{failureText(team.error)}</p>}
      {team.data && (
        <ul className="dash-team" aria-label="Team members">
          {team.data.members.map((member) => (
            <TeamMemberRow key={member.userId} channelId={channelId} member={member} onRemove={setLeaving} />
          ))}
          {team.data.invites.map((invite) => (
            <TeamInviteRow key={invite.id} channelId={channelId} invite={invite} />
          ))}
        </ul>
      )}
      <InviteTeammateForm channelId={channelId} />
      <ConfirmDialog
        open={leaving !== null}
        onOpenChange={(open) => {
          if (!open) setLeaving(null);
          remove.reset();
        }}
        title="Remove teammate"
        description={
          leaving ? `${memberName(leaving)} will no longer manage this channel or its events.` : ""
        }
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        isPending={remove.isPending}
        error={remove.error ? failureText(remove.error) : null}
      />
    </SettingsSection>
  );
}
