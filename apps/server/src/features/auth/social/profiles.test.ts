import { expect, test } from "vitest";
import { facebookProfile, googleProfile, patreonProfile, twitterProfile } from "./profiles";

// Each provider's documented profile response, mapped to what signInWithSocialProfile takes.

const ISSUER = "https://provider.example";

const x = (user: Record<string, unknown>) => ({
  data: { id: "2244994945", name: "Ada King Lovelace", username: "ada", ...user },
});
const facebook = (me: Record<string, unknown>) => ({
  id: "10158123",
  first_name: "Ada",
  last_name: "Lovelace",
  picture: { data: { height: 50, width: 50, is_silhouette: false, url: "https://fb.example/ada.jpg" } },
  ...me,
});
const patreon = (attributes: Record<string, unknown>) => ({
  data: {
    id: "12345",
    type: "user",
    attributes: {
      first_name: "Ada",
      last_name: "Lovelace",
      image_url: "https://c8.patreon.com/ada",
      ...attributes,
    },
  },
  links: { self: "https://www.patreon.com/api/oauth2/v2/user/12345" },
});

test.each([
  {
    case: "X with a confirmed e-mail: verified, the display name split at its first word",
    map: twitterProfile,
    json: x({ confirmed_email: "Ada@Example.com", profile_image_url: "https://pbs.twimg.com/ada.jpg" }),
    want: {
      provider: "twitter",
      subject: "2244994945",
      email: "ada@example.com",
      emailVerified: true,
      firstName: "Ada",
      lastName: "King Lovelace",
      photo: "https://pbs.twimg.com/ada.jpg",
    },
  },
  { case: "X without the e-mail scope", map: twitterProfile, json: x({}), want: null },
  {
    case: "Facebook: an e-mail is always a confirmed one",
    map: facebookProfile,
    json: facebook({ email: "ada@example.com" }),
    want: {
      provider: "facebook",
      subject: "10158123",
      email: "ada@example.com",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
      photo: "https://fb.example/ada.jpg",
    },
  },
  {
    case: "Facebook's silhouette placeholder is no photo",
    map: facebookProfile,
    json: facebook({
      email: "ada@example.com",
      picture: { data: { is_silhouette: true, url: "https://fb.example/s" } },
    }),
    want: { photo: null },
  },
  {
    case: "Facebook without an e-mail (phone sign-up)",
    map: facebookProfile,
    json: facebook({}),
    want: null,
  },
  {
    case: "Patreon with a verified e-mail",
    map: patreonProfile,
    json: patreon({ email: "ada@example.com", is_email_verified: true }),
    want: {
      provider: "patreon",
      subject: "12345",
      email: "ada@example.com",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
      photo: "https://c8.patreon.com/ada",
    },
  },
  {
    case: "Patreon with an unverified e-mail",
    map: patreonProfile,
    json: patreon({ email: "ada@example.com", is_email_verified: false }),
    want: { emailVerified: false },
  },
  {
    case: "a photo that is not https is dropped",
    map: patreonProfile,
    json: patreon({ email: "ada@example.com", image_url: "javascript:alert(1)" }),
    want: { photo: null },
  },
  {
    case: "an e-mail that is not one",
    map: patreonProfile,
    json: patreon({ email: "not-an-email" }),
    want: null,
  },
  {
    case: "Google's UserInfo, email_verified as the string it once was",
    map: googleProfile,
    json: {
      sub: "1089",
      email: "ada@gmail.com",
      email_verified: "true",
      given_name: "Ada",
      family_name: "L",
    },
    want: { provider: "google", issuer: ISSUER, subject: "1089", emailVerified: true, photo: null },
  },
  {
    case: "a response of another shape",
    map: twitterProfile,
    json: { errors: [{ title: "Forbidden" }] },
    want: null,
  },
])("$case", ({ map, json, want }) => {
  const profile = map(json, ISSUER);
  if (want === null) expect(profile).toBeNull();
  else expect(profile).toMatchObject(want);
});
