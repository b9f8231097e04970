import { PASSWORD_MIN_CHARS, type PasswordStrength, passwordStrength } from "@onstage/domain";
import { useEffect, useState } from "react";

type Scorer = (password: string, userInputs: string[]) => number;

let scorer: Promise<Scorer> | null = null;

/** zxcvbn with the server's dictionary, loaded on first need (its word lists are large). */
function loadScorer(): Promise<Scorer> {
  scorer ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
      });
      return (password, userInputs) => zxcvbn.check(password, userInputs).score;
    },
  );
  return scorer;
}

/**
 * A new password's strength as the server will judge it (weak_password), while the person types.
 * `userInputs` (e-mail, names) make a password built from them weaker, as on the server.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength {
  const [rated, setRated] = useState<{ password: string; score: number } | null>(null);
  const inputs = userInputs.join("\n");
  useEffect(() => {
    if (password.length < PASSWORD_MIN_CHARS) return;
    let isCurrent = true;
    loadScorer()
      .then((score) => {
        if (isCurrent) setRated({ password, score: score(password, inputs.split("\n").filter(Boolean)) });
      })
      // Unrated: the rule stays shown and the server still judges.
      .catch((error: unknown) => console.warn("password strength unavailable", error));
    return () => {
      isCurrent = false;
    };
  }, [password, inputs]);
  return passwordStrength(password, rated?.password === password ? rated.score : null);
}
