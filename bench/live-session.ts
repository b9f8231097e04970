import type { BrowserContext } from "playwright-core";
import { DEMO_HOST } from "../apps/server/src/features/demo/content";

// The media benchmarks' host: the demo host signs in and takes a demo session live through the host's
// own calls, so the server holds a stream on air for the feed the bench then sends.

async function csrfOf(context: Pick<BrowserContext, "request">): Promise<string> {
  const { csrfToken } = (await (await context.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  return csrfToken;
}

export async function signInDemoHost(context: Pick<BrowserContext, "request">) {
  const res = await context.request.post("/api/auth/login", {
    headers: { "x-csrf-token": await csrfOf(context) },
    data: { email: DEMO_HOST.email, password: DEMO_HOST.password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
}

/** Resets the session and takes it live: greenroom, then broadcasting. */
export async function goLive(context: Pick<BrowserContext, "request">, sessionId: number, eventId: number) {
  const csrfToken = await csrfOf(context);
  const post = async (url: string, data: Record<string, unknown>) => {
    const res = await context.request.post(url, {
      headers: { "x-csrf-token": csrfToken },
      data: { video_session_id: sessionId, event_id: eventId, ...data },
    });
    if (!res.ok()) throw new Error(`${url} failed: ${res.status()} ${await res.text()}`);
  };
  await post("/api/video-session/reset-session", {});
  await post("/api/video-session/update-video-session", { video_session_state: "greenroom" });
  await post("/api/video-session/update-video-session", { video_session_state: "broadcasting" });
}

/** Waits until the server answers 'live' for the page's feed: ffmpeg wrote its first playlist. */
export async function waitUntilLive(status: () => Promise<{ phase: string; error: string | null } | null>) {
  for (let waited = 0; (await status())?.phase !== "live"; waited += 500) {
    if (waited > 60_000) throw new Error(`the compositor never went live: ${JSON.stringify(await status())}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
