import type { FeatureDeps } from "../deps";
import type { Feature } from "../feature";
import { csrfRoutes } from "./csrf";
import { authRoutes } from "./routes";
import type { SocialProviderConfig } from "./social/providers";
import { socialRoutes } from "./social/routes";

/** Sign-in, accounts and the CSRF token; social sign-in offers only the providers given. */
export function authFeature(deps: FeatureDeps, providers: SocialProviderConfig): Feature {
  const { auth, db, policy, storage, realtime, publicUrl } = deps;
  return {
    name: "auth",
    routes: async (app) => {
      await app.register(csrfRoutes);
      await app.register(authRoutes({ auth, db, policy, storage, realtime }));
      await app.register(socialRoutes({ auth, db, policy, publicUrl, providers, realtime }));
    },
  };
}
