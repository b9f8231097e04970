import type { FormEvent } from "react";
import { Button } from "../../ui/Button";
import { FormError } from "../../ui/FormError";
import { Spinner } from "../../ui/Spinner";
import { CustomQuestionFields } from "./questions/CustomQuestionFields";
import type { RegistrationFlow } from "./useRegistrationFlow";

/**
 * Spec 1 §2, §4: the checkout view. For a paid ticket it is the hand-over to the card checkout page;
 * otherwise it asks the event's questions before registering.
 */
export function CheckoutView({ flow }: { flow: RegistrationFlow }) {
  if (flow.isRedirecting) {
    return (
      <div className="registration__step">
        <p className="registration__status">Taking you to the secure checkout…</p>
        <Spinner label="Opening checkout…" />
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.registerNow();
  };
  return (
    <form className="registration__step" onSubmit={submit} noValidate>
      {flow.fields.length > 0 && (
        <h3 className="registration__heading" tabIndex={-1} data-autofocus>
          A few questions from the host
        </h3>
      )}
      <CustomQuestionFields
        fields={flow.fields}
        answers={flow.answers}
        missingIds={flow.missingIds}
        onChange={flow.answer}
      />
      <Button type="submit" fullWidth size="lg">
        Register
      </Button>
      <FormError message={flow.formError} />
    </form>
  );
}
