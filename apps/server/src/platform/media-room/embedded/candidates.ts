import { isIP } from "node:net";
import { networkInterfaces } from "node:os";

// Issue 23 §2.6: the SFU sends STUN checks to whatever address a client's ICE candidates name. A client
// elsewhere has no reason to name this machine (loopback, the unspecified address, an address of its
// own interfaces), so those candidates are dropped, and a connection takes a bounded number of them. A
// client on this machine (tests, development) names exactly those addresses, so its candidates pass:
// the signalling connection tells which it is (docs/decisions.md, issue 23).

/** Chromium gathers a few per interface and protocol; a flood of checks needs far more. */
export const MAX_CANDIDATES_PER_CONNECTION = 32;

export type StageConnection = "publish" | "program" | "subscribe";

/** The addresses of this machine's interfaces now. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const infos of Object.values(networkInterfaces()))
    for (const info of infos ?? []) own.add(normalized(info.address));
  return own;
}

/** Lower case, without an IPv6 zone and without the IPv4-mapped prefix (::ffff:127.0.0.1). */
function normalized(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, "");
  return bare.startsWith("::ffff:") && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

/** Whether a STUN check sent to this address would reach this machine itself. */
function namesThisMachine(address: string, own: ReadonlySet<string>): boolean {
  const a = normalized(address);
  switch (isIP(a)) {
    case 4:
      return a.startsWith("127.") || a === "0.0.0.0" || own.has(a);
    case 6:
      return a === "::1" || a === "::" || own.has(a);
    default:
      // A name (Chromium's mDNS .local) is no address the SFU sends to.
      return false;
  }
}

/**
 * Whether a signalling connection comes from this machine: its peer and every hop a forwarding proxy
 * named. A proxy on this machine appends the real client, so a remote client behind it is remote; a
 * forged X-Forwarded-For can only make a connection look remote, never local.
 */
export function isClientOnThisMachine(peer: string | undefined, forwardedFor: string | string[] | undefined) {
  const own = ownAddresses();
  const hops = [forwardedFor ?? []].flat().flatMap((header) => header.split(","));
  return [peer ?? "", ...hops].every((address) => namesThisMachine(address, own));
}

/** The address a candidate names: its fifth field (`candidate:f 1 udp 2122 192.0.2.1 5000 typ host`). */
function candidateAddress(candidate: string): string | null {
  const fields = candidate.split(/\s+/);
  return fields[0]?.startsWith("candidate:") ? (fields[4] ?? null) : null;
}

/**
 * One stage place's remote candidates, in its SDPs and trickled: what the SFU may check. Every answer to
 * a renegotiation repeats the browser's candidates, so the cap counts distinct ones.
 */
export class CandidateScreen {
  private readonly taken: Record<StageConnection, Set<string>> = {
    publish: new Set(),
    program: new Set(),
    subscribe: new Set(),
  };
  private readonly own = ownAddresses();

  constructor(private readonly clientOnThisMachine: boolean) {}

  admits(connection: StageConnection, candidate: string): boolean {
    const key = candidate.trim().replace(/^a=/, "");
    const taken = this.taken[connection];
    if (taken.has(key)) return true;
    if (taken.size >= MAX_CANDIDATES_PER_CONNECTION) return false;
    const address = candidateAddress(key);
    if (!this.clientOnThisMachine && address !== null && namesThisMachine(address, this.own)) return false;
    taken.add(key);
    return true;
  }

  /** The SDP without the candidate lines the connection may not take. */
  sdp(connection: StageConnection, sdp: string): string {
    return sdp
      .split(/(?<=\n)/)
      .filter((line) => !line.startsWith("a=candidate:") || this.admits(connection, line))
      .join("");
  }
}
