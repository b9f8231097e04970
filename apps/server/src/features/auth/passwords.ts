import { hash, verify } from "@node-rs/argon2";
import { passwordStrength } from "@onstage/domain";
import { onFirstUse } from "../../platform/first-use";

// OWASP password storage cheat sheet: argon2id (the library's default algorithm), 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

// A hash of a random secret: checking a password of an unknown account against it costs the same
// time as a real check, so timing does not tell whether the e-mail has an account.
let decoyHash: Promise<string> | undefined;
export function verifyAgainstDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash.then((h) => verifyPassword(h, password));
}

// Loaded on the first password chosen: the word lists cost ~15 MB of memory a server holds idle.
const loadStrength = onFirstUse(() =>
  Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(
    ([{ ZxcvbnFactory }, common]) =>
      new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  ),
);

/** ASVS: refuse passwords that are common or easy to guess (domain passwordStrength), whatever their length. */
export async function isWeakPassword(password: string, userInputs: string[]): Promise<boolean> {
  const score = (await loadStrength()).check(password, userInputs).score;
  return passwordStrength(password, score) !== "strong_enough";
}
