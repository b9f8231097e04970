import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FeatureDeps } from "./deps";
import type { PresenceHandler, RealtimeSocket } from "./realtime/service";

/** Background jobs main.ts runs in production; tests call the jobs themselves with a clock of their own. */
export interface Worker {
  start(): void;
  /** Stops and waits for the work in hand; main.ts calls it after the server, before the database. */
  stop(): Promise<void> | void;
}

/** The one shape app.ts plugs a feature in by; it registers the list in order. */
export interface Feature {
  name: string;
  /** Registered as its own encapsulated plugin, so its hooks stay with its routes. */
  routes?: FastifyPluginAsyncZod;
  /** Work that runs while the server does (tests included): started when built, stopped on close. */
  start?(): void;
  stop?(): Promise<void> | void;
  /** Writes what the feature holds in memory between its timed writes (tests read the rows at once). */
  flush?(): Promise<void>;
  /** Answers the realtime presence heartbeats (one feature does). */
  onHeartbeat?: PresenceHandler;
  /** Wires the feature's own client events on each realtime connection (the stage's signalling). */
  onConnection?(socket: RealtimeSocket): void;
  worker?: Worker;
}

export type FeatureFactory = (deps: FeatureDeps) => Feature;
