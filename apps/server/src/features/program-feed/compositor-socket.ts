import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { fastifyCookie } from "@fastify/cookie";
import {
  COMPOSITOR_SOCKET_PATH,
  isHostLevel,
  OnstageError,
  REALTIME_PATH,
  type SessionStream,
} from "@onstage/domain";
import { ERROR_STATUS } from "../../http/errors";
import { requireTopicReader, sessionOf } from "../../kernel/access/topic-access";
import { findLiveStream } from "../../kernel/broadcast/streams";
import { userIdForSession } from "../../kernel/identity/user-sessions";
import { recorderScope } from "../../kernel/recorder/credential";
import type { FeatureDeps } from "../deps";
import { allowedOrigins } from "../realtime/service";

// The compositor's upload (issue 11 §3): a WebSocket on the app's HTTP server beside Socket.IO. Only a
// host-level viewer of a broadcasting session with a stream on air may open it (or the server's own
// recorder, for its session: kernel/recorder). The admitted upgrade goes to the media process
// (media-child.ts), which answers the handshake: the first text message names the recording's MIME
// type, then binary WebM chunks follow.

export interface CompositorHandler {
  /** An admitted compositor's upgrade: the handler answers the handshake and takes its messages. */
  takeOver(
    req: IncomingMessage,
    socket: Socket,
    head: Buffer,
    sessionId: number,
    stream: SessionStream,
  ): void;
}

function refuse(socket: Duplex, status: number) {
  const text = STATUS_CODES[status] ?? "Error";
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The upgrade's refusal status, or the session and its live stream when it may go ahead. */
async function admit(
  deps: FeatureDeps,
  origins: Set<string>,
  req: IncomingMessage,
  url: URL,
): Promise<number | { sessionId: number; stream: SessionStream }> {
  if (!origins.has(req.headers.origin ?? "")) return 403;
  const sessionId = Number(url.searchParams.get("video_session_id"));
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) return 400;
  const userId = await uploaderOf(deps, req, sessionId);
  if (userId === null) return 401;
  if (userId === "elsewhere") return 403;
  try {
    const access = await requireTopicReader(deps.db, userId, { kind: "session", id: sessionId });
    if (!isHostLevel(access.flags)) return 403;
    if (sessionOf(access).state !== "broadcasting") return 409;
  } catch (err) {
    if (err instanceof OnstageError) return ERROR_STATUS[err.kind];
    throw err;
  }
  const stream = await findLiveStream(deps.db, sessionId);
  return stream ? { sessionId, stream } : 409;
}

/** The signed-in user, else the server's recorder's user when it was made for this very session. */
async function uploaderOf(
  deps: FeatureDeps,
  req: IncomingMessage,
  sessionId: number,
): Promise<number | "elsewhere" | null> {
  const cookies = fastifyCookie.parse(req.headers.cookie ?? "");
  const signIn = cookies[deps.policy.sessionCookie];
  const userId = signIn ? await userIdForSession(deps.db, signIn) : null;
  if (userId !== null) return userId;
  const recorder = cookies[deps.policy.recorderCookie];
  const scope = recorder ? await recorderScope(deps.db, recorder) : null;
  if (!scope) return null;
  return scope.sessionId === sessionId ? scope.userId : "elsewhere";
}

/** Takes the upgrades of COMPOSITOR_SOCKET_PATH (Socket.IO answers its own path); returns the detach. */
export function attachCompositorSocket(
  httpServer: Server,
  deps: FeatureDeps,
  /** Null without ffmpeg: every upgrade is refused (503) instead of left hanging. */
  handler: CompositorHandler | null,
): () => Promise<void> {
  const origins = allowedOrigins(deps.publicUrl);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://upgrade.invalid");
    // Socket.IO answers its own path.
    if (url.pathname.startsWith(`${REALTIME_PATH}/`)) return;
    // Node's HTTP server takes its error listener off an upgraded socket: a client that resets the
    // connection while it is being admitted would end the server (issue 23 §1.3).
    socket.on("error", () => socket.destroy());
    // Any other upgrade is nobody's (Socket.IO no longer ends them).
    if (url.pathname !== COMPOSITOR_SOCKET_PATH) return refuse(socket, 404);
    if (!handler) return refuse(socket, 503);
    admit(deps, origins, req, url).then(
      (admitted) => {
        if (socket.destroyed) return;
        if (typeof admitted === "number") return refuse(socket, admitted);
        handler.takeOver(req, socket as Socket, head, admitted.sessionId, admitted.stream);
      },
      (err) => {
        deps.log.error({ err }, "compositor upgrade failed");
        refuse(socket, 500);
      },
    );
  };

  httpServer.on("upgrade", onUpgrade);
  return async () => {
    httpServer.off("upgrade", onUpgrade);
  };
}
