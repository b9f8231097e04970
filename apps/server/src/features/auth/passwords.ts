import { hash, verify } from "@node-rs/argon2";
import { passwordStrength } from "@onstage/domain";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";

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

const strength = new ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs });

/** ASVS: refuse passwords that are common or easy to guess (domain passwordStrength), whatever their length. */
export function isWeakPassword(password: string, userInputs: string[]): boolean {
  return passwordStrength(password, strength.check(password, userInputs).score) !== "strong_enough";
}
