/** The SDK's values (clients, enums, errors), typed from the package without loading it. */
export type LivekitSdk = typeof import("livekit-server-sdk");

let loading: Promise<LivekitSdk> | null = null;

/**
 * livekit-server-sdk (some 19 MB of a process's memory) loads with its first use: only a server with
 * LIVEKIT_URL ever calls it, and esbuild would hoist a static import to the top of main.js (issue 14 §5).
 */
export function livekitSdk(): Promise<LivekitSdk> {
  loading ??= import("livekit-server-sdk");
  return loading;
}

/** One of the SDK's objects (a client, the webhook receiver, the token verifier), made on the first call. */
export function livekitClient<C>(
  make: (sdk: LivekitSdk) => C,
): () => Promise<{ sdk: LivekitSdk; client: C }> {
  let made: Promise<{ sdk: LivekitSdk; client: C }> | null = null;
  return () => {
    made ??= livekitSdk().then((sdk) => ({ sdk, client: make(sdk) }));
    return made;
  };
}
