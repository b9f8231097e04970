import type { TeamMember, TeamRole } from "@onstage/domain";
import { failureText } from "../../../api";
import { Badge } from "../../../ui/Badge";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { SelectField } from "../form/SelectField";
import { ORG_ROLE_LABELS } from "../labels";
import { useUpdateMember } from "../useTeam";

export const memberName = (member: TeamMember) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

const TEAM_ROLE_OPTIONS = [
  { value: "admin", label: ORG_ROLE_LABELS.admin },
  { value: "member", label: ORG_ROLE_LABELS.member },
] as const;

const isTeamRole = (value: string): value is TeamRole => value === "admin" || value === "member";

export interface TeamMemberRowProps {
  channelId: number;
  member: TeamMember;
  onRemove: (member: TeamMember) => void;
}

/** The owner cannot be demoted or removed (owner_locked); others get a role select and Remove. */
export function TeamMemberRow({ channelId, member, onRemove }: TeamMemberRowProps) {
  const update = useUpdateMember(channelId);
  const name = memberName(member);
  const changeRole = (role: string) => {
    if (!isTeamRole(role)) return;
    update.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast.success(`${name} is now ${ORG_ROLE_LABELS[role].toLowerCase()}`, {
            durationMs: DEFAULT_TOAST_MS,
          }),
      },
    );
  };
  return (
    <li className="dash-team__row">
      <div className="dash-team__who">
        <span className="dash-team__name">{name}</span>
        <span className="dash-team__email">{member.email}</span>
      </div>
      {member.role === "owner" ? (
        <Badge tone="primary">{ORG_ROLE_LABELS.owner}</Badge>
      ) : (
        <div className="dash-team__controls">
          <SelectField
            className="dash-team__role"
            label={`Role of ${name}`}
            value={member.role}
            options={TEAM_ROLE_OPTIONS}
            disabled={update.isPending}
            onChange={(event) => changeRole(event.target.value)}
          />
          <Button variant="secondary" size="sm" onClick={() => onRemove(member)}>
            Remove<span className="visually-hidden"> {name}</span>
          </Button>
        </div>
      )}
      <FormError message={update.error ? failureText(update.error) : null} />
    </li>
  );
}
