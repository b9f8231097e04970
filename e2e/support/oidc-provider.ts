import { randomBytes } from "node:crypto";
import { startTestOidcProvider } from "../../apps/server/src/testing/oidc-provider";

/** The login the journeys type at the stand-in; its account's e-mail is `${login}@example.test`. */
export const googleStandInEmail = (login: string) => `${login}@example.test`;

/**
 * Google's stand-in for the browser journeys: a real OpenID Connect provider on this machine, started
 * before the server so its issuer and client go into the server's environment. Any login and password
 * signs in as a person with a verified e-mail.
 */
export async function startGoogleStandIn(serverUrl: string) {
  const clientId = "onstage-e2e";
  const clientSecret = randomBytes(16).toString("hex");
  const provider = await startTestOidcProvider({
    clientId,
    clientSecret,
    redirectUris: [`${serverUrl}/api/auth/google/callback`],
    claimsFor: (login) => ({
      email: googleStandInEmail(login),
      email_verified: true,
      given_name: "Grace",
      family_name: "Hopper",
    }),
  });
  return {
    env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret, GOOGLE_ISSUER: provider.issuer },
    close: provider.close,
  };
}
