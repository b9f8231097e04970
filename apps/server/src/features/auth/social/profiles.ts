import { Email } from "@onstage/domain";
import { z } from "zod";
import type { SocialProfile } from "../service";

// Each provider's profile JSON, as its documentation shows it, mapped to a SocialProfile. A mapper returns
// null when the profile cannot sign anyone in (no usable e-mail): spec 1 §8 'Could not retrieve … user'.

const text = z.string().optional().catch(undefined);

const email = (value: string | undefined): string | null => {
  const parsed = Email.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** Only an https image: the address ends up in <img src> on every page showing the user. */
const photo = (value: string | undefined): string | null => {
  if (!value || value.length > 2000) return null;
  return URL.canParse(value) && new URL(value).protocol === "https:" ? value : null;
};

/** OpenID Connect UserInfo claims (Google). `email_verified` was once sent as a string by Google. */
const GoogleUserInfo = z.object({
  sub: z.string().min(1),
  email: text,
  email_verified: z
    .union([z.boolean(), z.enum(["true", "false"])])
    .optional()
    .catch(undefined),
  given_name: text,
  family_name: text,
  name: text,
  picture: text,
});

export function googleProfile(json: unknown, issuer: string): SocialProfile | null {
  const parsed = GoogleUserInfo.safeParse(json);
  const address = parsed.success ? email(parsed.data.email) : null;
  if (!parsed.success || !address) return null;
  const claims = parsed.data;
  return {
    provider: "google",
    issuer,
    subject: claims.sub,
    email: address,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    firstName: claims.given_name ?? claims.name ?? "",
    lastName: claims.family_name ?? "",
    photo: photo(claims.picture),
  };
}

/** X API v2 GET /2/users/me; `confirmed_email` comes only with the users.email scope. */
const TwitterMe = z.object({
  data: z.object({
    id: z.string().min(1),
    name: text,
    username: text,
    profile_image_url: text,
    confirmed_email: text,
  }),
});

export function twitterProfile(json: unknown, issuer: string): SocialProfile | null {
  const parsed = TwitterMe.safeParse(json);
  const address = parsed.success ? email(parsed.data.data.confirmed_email) : null;
  if (!parsed.success || !address) return null;
  const user = parsed.data.data;
  // X has one display name; its first word is the best guess at a first name.
  const [first = "", ...rest] = (user.name ?? "").trim().split(/\s+/);
  return {
    provider: "twitter",
    issuer,
    subject: user.id,
    email: address,
    // X hands out only an address its owner confirmed (decisions: social sign-in).
    emailVerified: true,
    firstName: first || (user.username ?? ""),
    lastName: rest.join(" "),
    photo: photo(user.profile_image_url),
  };
}

/** Graph API GET /me?fields=id,email,first_name,last_name,picture. */
const FacebookMe = z.object({
  id: z.string().min(1),
  email: text,
  first_name: text,
  last_name: text,
  picture: z
    .object({ data: z.object({ url: text, is_silhouette: z.boolean().optional().catch(undefined) }) })
    .optional()
    .catch(undefined),
});

export function facebookProfile(json: unknown, issuer: string): SocialProfile | null {
  const parsed = FacebookMe.safeParse(json);
  const address = parsed.success ? email(parsed.data.email) : null;
  if (!parsed.success || !address) return null;
  const me = parsed.data;
  const picture = me.picture?.data;
  return {
    provider: "facebook",
    issuer,
    subject: me.id,
    email: address,
    // Facebook returns no e-mail at all until its owner has confirmed it.
    emailVerified: true,
    firstName: me.first_name ?? "",
    lastName: me.last_name ?? "",
    // The silhouette is Facebook's placeholder, not the person's picture.
    photo: picture?.is_silhouette ? null : photo(picture?.url),
  };
}

/** Patreon API v2 GET /api/oauth2/v2/identity with fields[user]=email,…,is_email_verified. */
const PatreonIdentity = z.object({
  data: z.object({
    id: z.string().min(1),
    attributes: z.object({
      email: text,
      first_name: text,
      last_name: text,
      image_url: text,
      is_email_verified: z.boolean().optional().catch(undefined),
    }),
  }),
});

export function patreonProfile(json: unknown, issuer: string): SocialProfile | null {
  const parsed = PatreonIdentity.safeParse(json);
  const address = parsed.success ? email(parsed.data.data.attributes.email) : null;
  if (!parsed.success || !address) return null;
  const { id, attributes } = parsed.data.data;
  return {
    provider: "patreon",
    issuer,
    subject: id,
    email: address,
    emailVerified: attributes.is_email_verified === true,
    firstName: attributes.first_name ?? "",
    lastName: attributes.last_name ?? "",
    photo: photo(attributes.image_url),
  };
}
