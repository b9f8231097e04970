import { type CurrentUser, errorMessage } from "@onstage/domain";
import { useState } from "react";
import { failureText } from "../../api";
import { Button } from "../../ui/Button";
import { Dialog } from "../../ui/Dialog";
import { FormError } from "../../ui/FormError";
import { NamesForm } from "../account/NamesForm";
import { useAcceptTerms, useUpdateProfile } from "../account/useAccountMutations";
import { useMe } from "../account/useMe";
import { TermsCheckbox } from "../auth/TermsCheckbox";

const ignoreClose = () => {};

/**
 * Spec 1 §2 live room, spec 2 §5 welcome form: blocking dialogs ask a signed-in user for their names,
 * then, once their e-mail is verified, for terms acceptance.
 */
export function WelcomeDialogs() {
  const { user } = useMe();
  if (!user) return null;
  if (lacksNames(user)) return <NamesDialog />;
  if (user.emailVerified && user.tosAccepted === null) return <TermsDialog />;
  return null;
}

// Spec 2 §5 requires both names, so a user missing either is asked for both.
const lacksNames = (user: CurrentUser) => user.firstName.trim() === "" || user.lastName.trim() === "";

function NamesDialog() {
  const update = useUpdateProfile();
  return (
    <Dialog
      open
      onOpenChange={ignoreClose}
      dismissable={false}
      title="Welcome"
      description={errorMessage("names_required")}
    >
      <NamesForm submitLabel="Save" isBusy={update.isPending} onSubmit={(names) => update.mutate(names)} />
      <FormError message={update.error ? failureText(update.error) : null} />
    </Dialog>
  );
}

function TermsDialog() {
  const accept = useAcceptTerms();
  const [isChecked, setChecked] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={ignoreClose}
      dismissable={false}
      title="Terms of Service"
      description={errorMessage("terms_required")}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (isChecked) accept.mutate();
        }}
      >
        <TermsCheckbox checked={isChecked} onChange={setChecked} />
        <Button type="submit" fullWidth disabled={!isChecked || accept.isPending}>
          Accept
        </Button>
        <FormError message={accept.error ? failureText(accept.error) : null} />
      </form>
    </Dialog>
  );
}
