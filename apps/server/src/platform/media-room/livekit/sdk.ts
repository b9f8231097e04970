import { onFirstUse } from "../../first-use";

/** The SDK's values (clients, enums, errors), typed from the package without loading it. */
export type LivekitSdk = typeof import("livekit-server-sdk");

/**
 * livekit-server-sdk (some 19 MB of a process's memory) loads with its first use: only a server with
 * LIVEKIT_URL ever calls it (issue 14 §5).
 */
export const livekitSdk: () => Promise<LivekitSdk> = onFirstUse(() => import("livekit-server-sdk"));

/** One of the SDK's objects (a client, the webhook receiver, the token verifier), made on the first call. */
export function livekitClient<C>(
  make: (sdk: LivekitSdk) => C,
): () => Promise<{ sdk: LivekitSdk; client: C }> {
  return onFirstUse(() => livekitSdk().then((sdk) => ({ sdk, client: make(sdk) })));
}
