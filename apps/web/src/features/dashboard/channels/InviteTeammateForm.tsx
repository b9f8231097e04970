import { errorMessage, type TeamRole } from "@onstage/domain";
import { type FormEvent, useState } from "react";
import { failureText } from "../../../api";
import { Button } from "../../../ui/Button";
import { FormError } from "../../../ui/FormError";
import { TextField } from "../../../ui/TextField";
import { DEFAULT_TOAST_MS, toast } from "../../../ui/toast";
import { SelectField } from "../form/SelectField";
import { ORG_ROLE_LABELS } from "../labels";
import { useAddMember } from "../useTeam";

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every address gets an invitation by e-mail; its owner joins on accepting it (issue 10 §1.1). */
export function InviteTeammateForm({ channelId }: { channelId: number }) {
  const add = useAddMember(channelId);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<TeamRole>("member");
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL_SHAPE.test(email.trim())) return setRefusal(errorMessage("invalid_email"));
    setRefusal(null);
    add.mutate(
      { email: email.trim().toLowerCase(), role },
      {
        onSuccess: (answer) => {
          toast.success(`Invitation sent to ${answer.invite.email}`, { durationMs: DEFAULT_TOAST_MS });
          setEmail("");
        },
      },
    );
  };
  return (
    <form className="dash-invite" onSubmit={submit} noValidate aria-label="Invite teammate">
      <h3 className="dash-invite__title">Invite teammate</h3>
      <div className="field-row">
        <TextField
          label="Teammate email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            add.reset();
          }}
        />
        <SelectField
          label="Teammate role"
          value={role}
          options={[
            { value: "member", label: ORG_ROLE_LABELS.member },
            { value: "admin", label: ORG_ROLE_LABELS.admin },
          ]}
          onChange={(event) => setRole(event.target.value === "admin" ? "admin" : "member")}
        />
      </div>
      <Button type="submit" disabled={add.isPending}>
        Invite teammate
      </Button>
      <FormError message={refusal ?? (add.error ? failureText(add.error) : null)} />
    </form>
  );
}
