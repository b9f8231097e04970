import { Spinner } from "../../ui/Spinner";

/** Spec 1 §2: the registering view (the dialog's title reads 'Registering'). */
export function RegisteringView() {
  return (
    <div className="registration__step">
      <p className="registration__status registration__heading" tabIndex={-1} data-autofocus>
        Please wait while we process your registration...
      </p>
      <Spinner label="Registering…" />
    </div>
  );
}
