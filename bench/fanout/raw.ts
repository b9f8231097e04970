import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import WebSocket from "ws";
import {
  forkTs,
  memoryOf,
  nextMessage,
  onCleanup,
  SERVER_STOP_GRACE_MS,
  serverNodeArgs,
  stopChild,
} from "./children";
import { benchText, type Stamp } from "./shared";
import type { System } from "./system";

/**
 * The bare `ws` broadcast server in its own process, and a sender that is one more ws client. The
 * frames are shaped and sized like Onstage's chat messages, so both sides parse the same JSON.
 */
export async function startRaw(): Promise<System> {
  const memoryFile = path.join(await mkdtemp(path.join(tmpdir(), "raw-ws-")), "memory.json");
  onCleanup(() => rm(path.dirname(memoryFile), { recursive: true, force: true }));
  const child = forkTs("raw-ws-server.ts", serverNodeArgs(), {
    ...process.env,
    FANOUT_MEMORY_FILE: memoryFile,
  });
  const { port } = await nextMessage(
    child,
    (m): m is { type: "listening"; port: number } => (m as { type?: string }).type === "listening",
  );
  const url = `ws://127.0.0.1:${port}`;
  const sender = new WebSocket(url);
  await new Promise((resolve, reject) => {
    sender.once("open", resolve);
    sender.once("error", reject);
  });
  return {
    name: "raw-ws",
    pid: child.pid ?? 0,
    memory: () => memoryOf(child.pid ?? 0, memoryFile),
    target: { kind: "raw", url },
    async send(stamp) {
      sender.send(JSON.stringify(chatMessageLike(stamp)));
      return "accepted";
    },
    async stop() {
      sender.close();
      await stopChild(child, SERVER_STOP_GRACE_MS);
    },
  };
}

/** What Onstage puts on a chat topic for one new message (TopicMessage with a ChatMessage). */
function chatMessageLike(stamp: Stamp) {
  const { n } = stamp;
  const at = new Date().toISOString();
  return {
    topic: "chat:1",
    seq: n + 1,
    kind: "change",
    event: "INSERT",
    table: "chat_messages",
    payload: {
      id: 1000 + n,
      chatId: 1,
      userId: 100,
      message: benchText(stamp),
      timestamp: at,
      updatedAt: null,
      deletedAt: null,
      user: { id: 100, firstName: "Bench", lastName: "Sender 1", profilePhoto: null },
      reactions: [],
    },
    at,
  };
}
