import { Worker } from "node:worker_threads";
import type { MediaRoomJoin } from "@onstage/domain";
import type { MediaRoomMember, MediaRoomPort } from "../port";
import type { Call, ClientSignal, PlaceRole, ServerSignal, SfuStats, WorkerMessage } from "./protocol";

/** Where the SFU's messages for one member go (its realtime socket), and how it learns it is out. */
export interface StageSink {
  signal(signal: ServerSignal): void;
  closed(): void;
  /** Out because the SFU failed it (its thread restarted, or a handler of its own threw): join again. */
  restarted(): void;
}

export interface EmbeddedMediaRoomOptions {
  /** The thread died of an uncaught error; a new one is started. */
  onCrash?: (err: Error) => void;
  /**
   * The thread ended unexpectedly (after a crash, or ended from outside): a new one starts at once when
   * rooms were open, else on first use.
   */
  onRestart?: (exitCode: number) => void;
  /** A fault the SFU contained: it dropped only the member whose handler threw. */
  onFault?: (report: string) => void;
  /** Each thread as it starts (a test ends one to prove the restart). */
  onThread?: (thread: Worker) => void;
}

/** The embedded SFU as the port, plus the signalling the stage feature relays from the sockets. */
export interface EmbeddedMediaRoom extends MediaRoomPort {
  readonly provider: "embedded";
  /**
   * Takes a place in the room; messages for it go to `sink` (a previous sink of the place is closed).
   * A publisher's place is its user id; a watch-only place (the compositor) is a negative number of its
   * own, so watching never takes a person's place on stage.
   */
  enter(member: MediaRoomMember, sink: StageSink, place?: number, part?: PlacePart): Promise<void>;
  /** A browser's message; a publish offer resolves to the SFU's answer. */
  signal(sessionId: number, place: number, signal: ClientSignal): Promise<string | null>;
  /** Whether the place is still the one `sink` was given (not another tab's). */
  holds(sessionId: number, place: number, sink: StageSink): boolean;
  /** The places in a session's room, whose they are and their part (the stage feature re-checks rights). */
  members(sessionId: number): { place: number; userId: number; role: PlaceRole }[];
  /** Sessions with a room. */
  sessions(): number[];
  stats(): Promise<SfuStats>;
}

/** A place's role and whether it may publish the program (issue 27); a person's stage place by default. */
export interface PlacePart {
  role: PlaceRole;
  canPublishProgram: boolean;
}

const PERSON: PlacePart = { role: "stage", canPublishProgram: false };

type Callable = Call extends infer C ? (C extends Call ? Omit<C, "id"> : never) : never;

/**
 * Starts the SFU's worker thread; the main thread keeps only who is in which room and their sinks. The
 * thread is supervised: when it dies every member is told to join again and a new thread takes them.
 */
export function embeddedMediaRoom(options: EmbeddedMediaRoomOptions = {}): EmbeddedMediaRoom {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  const rooms = new Map<number, Map<number, { sink: StageSink; userId: number; role: PlaceRole }>>();
  let nextId = 1;
  let started: Worker | null = null;

  const drop = (sessionId: number, place: number): StageSink | null => {
    const room = rooms.get(sessionId);
    const sink = room?.get(place)?.sink ?? null;
    room?.delete(place);
    if (room?.size === 0) rooms.delete(sessionId);
    return sink;
  };

  // Started on first use: most servers (and test apps) never hold a stage.
  const worker = (): Worker => {
    if (started) return started;
    const thread = new Worker(new URL("./worker.mjs", import.meta.url));
    thread.unref();
    thread.on("message", (message: WorkerMessage) => {
      if ("event" in message) {
        if (message.event === "signal")
          rooms.get(message.sessionId)?.get(message.userId)?.sink.signal(message.signal);
        else if (message.event === "fault") options.onFault?.(message.report);
        else {
          const sink = drop(message.sessionId, message.userId);
          if (message.rejoin) sink?.restarted();
          else sink?.closed();
        }
        return;
      }
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.result);
      else waiting?.reject(new Error(message.error));
    });
    // A dead SFU took every room with it: a new thread starts at once and every member, told, joins again
    // (a stop() ends the thread on purpose and is no death).
    thread.on("exit", (exitCode) => {
      if (started !== thread) return;
      started = null;
      for (const waiting of pending.values()) waiting.reject(new Error("sfu_restarted"));
      pending.clear();
      const sinks = [...rooms.values()].flatMap((room) => [...room.values()].map(({ sink }) => sink));
      rooms.clear();
      if (sinks.length > 0) worker();
      options.onRestart?.(exitCode);
      for (const sink of sinks) sink.restarted();
    });
    thread.on("error", (err) => options.onCrash?.(err));
    started = thread;
    options.onThread?.(thread);
    return thread;
  };

  const call = (message: Callable): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker().postMessage({ ...message, id });
    });

  const remove = async (sessionId: number, place: number) => {
    drop(sessionId, place)?.closed();
    await call({ method: "remove", sessionId, userId: place });
  };

  return {
    provider: "embedded",
    async join(member): Promise<MediaRoomJoin> {
      // The browser joins over its realtime socket (stage:join); the answer only says so.
      return { provider: "embedded", canPublish: member.canPublish };
    },
    async enter(member, sink, place = member.userId, part = PERSON) {
      let room = rooms.get(member.sessionId);
      if (!room) {
        room = new Map();
        rooms.set(member.sessionId, room);
      }
      const previous = room.get(place)?.sink;
      room.set(place, { sink, userId: member.userId, role: part.role });
      if (previous && previous !== sink) previous.closed();
      const { sessionId, name, canPublish } = member;
      await call({ method: "enter", member: { sessionId, userId: place, name, canPublish, ...part } });
    },
    async signal(sessionId, place, signal) {
      return (await call({ method: "signal", sessionId, userId: place, signal })) as string | null;
    },
    remove,
    async close(sessionId) {
      if (!rooms.has(sessionId)) return;
      for (const place of [...(rooms.get(sessionId)?.keys() ?? [])]) drop(sessionId, place)?.closed();
      await call({ method: "close", sessionId });
    },
    holds: (sessionId, place, sink) => rooms.get(sessionId)?.get(place)?.sink === sink,
    members: (sessionId) =>
      [...(rooms.get(sessionId)?.entries() ?? [])].map(([place, { userId, role }]) => ({
        place,
        userId,
        role,
      })),
    sessions: () => [...rooms.keys()],
    async stats() {
      return (await call({ method: "stats" })) as SfuStats;
    },
    async stop() {
      for (const room of rooms.values()) for (const { sink } of room.values()) sink.closed();
      rooms.clear();
      const thread = started;
      started = null;
      await thread?.terminate();
    },
  };
}
