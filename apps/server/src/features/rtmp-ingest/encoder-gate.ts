import { isIPv6 } from "node:net";
import { RTMP_CONNECTIONS_PER_ADDRESS, RTMP_WRONG_KEY_MEMORY_MS, wrongKeyDelayMs } from "@onstage/domain";

// Issue 23 §1.2: what one remote address may cost the RTMP ingest process: a few connections at a time,
// and refusals that wait longer with every wrong key it tried.

/** Addresses whose wrong keys are remembered at once; past it the oldest are forgotten. */
const MAX_REMEMBERED_ADDRESSES = 10_000;

/**
 * Who a connection counts against: an IPv4 address (also IPv4-mapped), or an IPv6 address's /64,
 * the block one host or home is given (counting each of its addresses would count nothing).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0");
  const groups = [...headGroups, ...zeros, ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

export class EncoderGate {
  private readonly connections = new Map<string, number>();
  /** In the order of each address's last wrong key, oldest first. */
  private readonly wrongKeys = new Map<string, { count: number; lastMs: number }>();

  /** A new connection from the address is counted; false: the address holds its share (close it). */
  admit(address: string): boolean {
    const held = this.connections.get(address) ?? 0;
    if (held >= RTMP_CONNECTIONS_PER_ADDRESS) return false;
    this.connections.set(address, held + 1);
    return true;
  }

  /** An admitted connection closed. */
  left(address: string): void {
    const held = (this.connections.get(address) ?? 1) - 1;
    if (held > 0) this.connections.set(address, held);
    else this.connections.delete(address);
  }

  /** A wrong key from the address: how long its refusal waits. */
  wrongKey(address: string, nowMs: number): number {
    const last = this.wrongKeys.get(address);
    const count = last && nowMs - last.lastMs < RTMP_WRONG_KEY_MEMORY_MS ? last.count + 1 : 1;
    this.wrongKeys.delete(address);
    this.wrongKeys.set(address, { count, lastMs: nowMs });
    for (const [oldest, { lastMs }] of this.wrongKeys) {
      if (this.wrongKeys.size <= MAX_REMEMBERED_ADDRESSES && nowMs - lastMs < RTMP_WRONG_KEY_MEMORY_MS) break;
      this.wrongKeys.delete(oldest);
    }
    return wrongKeyDelayMs(count);
  }
}
