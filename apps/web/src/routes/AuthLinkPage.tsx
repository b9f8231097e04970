import { errorMessage } from "@onstage/domain";
import { Link } from "wouter";
import { failureText, isApiError } from "../api";
import { NamesForm } from "../features/account/NamesForm";
import { SitePage } from "../features/account/SitePage";
import { LinkConfirm } from "../features/auth-link/LinkConfirm";
import type { LinkPurpose } from "../features/auth-link/linkFragment";
import { NewPasswordForm } from "../features/auth-link/NewPasswordForm";
import { useEmailedLink } from "../features/auth-link/useEmailedLink";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { FormError } from "../ui/FormError";
import "./pages.css";

const HEADINGS: Record<LinkPurpose, string> = {
  magic_link: "Sign in to Onstage",
  verify_email: "Verify your email",
  password_reset: "Choose a new password",
  invite: "Welcome to Onstage",
};

/** /auth/link#token=…&purpose=…: where every e-mailed link lands (spec 1 §7). */
export function AuthLinkPage() {
  const { link, spend } = useEmailedLink();
  const heading = link ? HEADINGS[link.purpose] : HEADINGS.magic_link;
  useDocumentTitle(heading);
  const isInvalid = !link || (isApiError(spend.error) && spend.error.code === "link_invalid");
  const isBusy = spend.isPending || spend.isSuccess;
  return (
    <SitePage>
      <section className="link-card" aria-labelledby="link-heading">
        <h1 id="link-heading" className="link-card__title">
          {heading}
        </h1>
        {isInvalid ? (
          <>
            <p role="alert">{errorMessage("link_invalid")}</p>
            <Link to="/?sign_in=true">Back to sign in</Link>
          </>
        ) : (
          <>
            {(link.purpose === "magic_link" || link.purpose === "verify_email") && (
              <LinkConfirm isBusy={isBusy} onConfirm={() => spend.mutate({ kind: "confirm" })} />
            )}
            {link.purpose === "password_reset" && (
              <NewPasswordForm
                isBusy={isBusy}
                onSave={(password) => spend.mutate({ kind: "reset", password })}
              />
            )}
            {link.purpose === "invite" && (
              <>
                <p>{errorMessage("names_required")}</p>
                <NamesForm
                  submitLabel="Continue"
                  isBusy={isBusy}
                  onSubmit={(names) => spend.mutate({ kind: "invite", ...names })}
                />
              </>
            )}
            <FormError message={spend.error ? failureText(spend.error) : null} />
          </>
        )}
      </section>
    </SitePage>
  );
}
