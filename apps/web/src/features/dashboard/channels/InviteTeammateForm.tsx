import type { TeamRole } from "@onstage/domain";
import { useState } from "react";
import { InviteByEmailForm } from "../form/InviteByEmailForm";
import { SelectField } from "../form/SelectField";
import { ORG_ROLE_LABELS } from "../labels";
import { useAddMember } from "../useTeam";

/** Every address gets an invitation by e-mail; its owner joins on accepting it (issue 10 §1.1). */
export function InviteTeammateForm({ channelId }: { channelId: number }) {
  const add = useAddMember(channelId);
  const [role, setRole] = useState<TeamRole>("member");
  return (
    <InviteByEmailForm
      who="teammate"
      invite={add}
      request={(email) => ({ email, role })}
      beside={
        <SelectField
          label="Teammate role"
          value={role}
          options={[
            { value: "member", label: ORG_ROLE_LABELS.member },
            { value: "admin", label: ORG_ROLE_LABELS.admin },
          ]}
          onChange={(event) => setRole(event.target.value === "admin" ? "admin" : "member")}
        />
      }
    />
  );
}
