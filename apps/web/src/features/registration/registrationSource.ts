import type { RegisterRequest } from "@onstage/domain";

// Spec 1 §2: "the utm parameters are passed to registration", and clip_id counts registrations per clip.

const UTM_NAMES = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
/** The wire's bound (registration/schemas.ts); a longer campaign tag is cut rather than refused. */
const UTM_MAX_CHARS = 200;

export type RegistrationSource = Pick<RegisterRequest, (typeof UTM_NAMES)[number] | "clip_id">;

export function registrationSource(search: string): RegistrationSource {
  const params = new URLSearchParams(search);
  const source: RegistrationSource = {};
  for (const name of UTM_NAMES) {
    const value = params.get(name)?.trim().slice(0, UTM_MAX_CHARS);
    if (value) source[name] = value;
  }
  const clipId = Number(params.get("clip_id"));
  if (Number.isSafeInteger(clipId) && clipId > 0) source.clip_id = clipId;
  return source;
}
