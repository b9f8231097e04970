import type { RealtimeSocket } from "./socket";

// What the realtime layer reads of Engine.IO's connection under a Socket.IO socket. Engine.IO does not
// type these members; they are the ones its own WebSocket transport uses.

interface EnginePacket {
  data?: string | { byteLength: number };
}

/** The `ws` WebSocket under Engine.IO's websocket transport. */
export interface EngineWebSocket {
  readyState: number;
  bufferedAmount: number;
  send(data: Buffer, options: { binary: boolean }): void;
  terminate(): void;
}

export interface EngineConnection {
  readyState: string;
  /** Packets Engine.IO holds until its transport is writable. */
  writeBuffer: EnginePacket[];
  transport: { name: string; writable: boolean; socket?: EngineWebSocket };
  close(discard?: boolean): void;
}

const WEBSOCKET_OPEN = 1;

export const engineConnection = (socket: RealtimeSocket) => socket.conn as unknown as EngineConnection;

/**
 * The connection's open WebSocket when a frame written to it now goes out after everything Engine.IO
 * was given before (its queue is empty); null when Engine.IO must queue it.
 */
export function idleWebSocket(socket: RealtimeSocket): EngineWebSocket | null {
  const conn = engineConnection(socket);
  const { transport } = conn;
  if (conn.readyState !== "open" || !transport.writable || conn.writeBuffer.length > 0) return null;
  const ws = transport.name === "websocket" ? transport.socket : undefined;
  return ws?.readyState === WEBSOCKET_OPEN ? ws : null;
}

export function packetBytes(packet: EnginePacket): number {
  const { data } = packet;
  if (typeof data === "string") return data.length;
  return data?.byteLength ?? 0;
}
