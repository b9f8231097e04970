// Issue 26 §4: which IP addresses the server may reach for a link preview. Everything but the public
// internet is refused: a preview must never become a way into this machine, its network or a cloud
// provider's metadata service (SSRF). The tables follow IANA's special-purpose address registries.

/** IPv4 ranges that are not the public internet, as [first address, prefix length]. */
const IPV4_SPECIAL: readonly (readonly [string, number])[] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation (TEST-NET-1)
  ["192.88.99.0", 24], // 6to4 relay anycast (deprecated)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation (TEST-NET-2)
  ["203.0.113.0", 24], // documentation (TEST-NET-3)
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255 (broadcast)
];

/** IPv6 ranges inside global unicast (2000::/3) that are not the public internet. */
const IPV6_SPECIAL: readonly (readonly [string, number])[] = [
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, ...)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
];

/** Ranges whose last 32 bits (or bits 16-47, for 6to4) are an IPv4 address: judged by that address. */
const MAPPED = "::ffff:0:0/96";
const NAT64 = "64:ff9b::/96";
const SIX_TO_FOUR = "2002::/16";

/**
 * An IPv4 host in any form `inet_aton` takes (what the WHATWG URL parser also takes for http, https
 * and ftp hosts): 1 to 4 parts, each decimal, octal (leading 0) or hex (0x), the last filling the
 * remaining bytes: 2130706433, 0177.0.0.1, 0x7f.1 and 127.1 are all 127.0.0.1. Null when it is not one.
 */
function parseIPv4(text: string): number | null {
  const parts = text.endsWith(".") ? text.slice(0, -1).split(".") : text.split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers = parts.map(parseIPv4Part);
  if (numbers.some((n) => n === null)) return null;
  const values = numbers as number[];
  const last = values.pop() as number;
  if (values.some((n) => n > 255) || last >= 256 ** (4 - values.length)) return null;
  return values.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

function parseIPv4Part(part: string): number | null {
  if (/^0[xX][0-9a-fA-F]*$/.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return Number.parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/** Only the four decimal parts of a dotted quad (the form resolvers answer and IPv6 embeds). */
function parseDottedQuad(text: string): number | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^(0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255))
    return null;
  return parts.reduce((sum, p) => sum * 256 + Number(p), 0);
}

/** An IPv6 address (brackets and a zone allowed, a dotted IPv4 tail too) as 8 groups of 16 bits. */
function parseIPv6(text: string): number[] | null {
  let s = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(":");
  if (lastColon < 0) return null;
  const tail = s.slice(lastColon + 1);
  if (tail.includes(".")) {
    const v4 = parseDottedQuad(tail);
    if (v4 === null) return null;
    s = `${s.slice(0, lastColon + 1)}${Math.floor(v4 / 65536).toString(16)}:${(v4 % 65536).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string) => (half === "" ? [] : half.split(":").map(parseGroup));
  const head = groups(halves[0] ?? "");
  const rest = halves.length === 2 ? groups(halves[1] ?? "") : [];
  if ([...head, ...rest].some((g) => g === null)) return null;
  const filled = 8 - head.length - rest.length;
  if (halves.length === 1 ? filled !== 0 : filled < 1) return null;
  return [...head, ...Array<number>(halves.length === 1 ? 0 : filled).fill(0), ...rest] as number[];
}

const parseGroup = (group: string) => (/^[0-9a-fA-F]{1,4}$/.test(group) ? Number.parseInt(group, 16) : null);

const formatIPv4 = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".");

/**
 * The address a URL's host names literally, written plainly (`127.0.0.1`, `0:0:0:0:0:0:0:1`), or null
 * for a name. Every IPv4 spelling counts: a name that `inet_aton` would read as a number must never
 * reach a resolver, which would read it so (0177.0.0.1 is 127.0.0.1 to glibc).
 */
export function hostAddress(hostname: string): string | null {
  if (hostname.includes(":")) {
    const groups = parseIPv6(hostname);
    return groups ? groups.map((g) => g.toString(16)).join(":") : null;
  }
  const v4 = parseIPv4(hostname);
  return v4 === null ? null : formatIPv4(v4);
}

function inIPv4Range(address: number, [first, bits]: readonly [string, number]): boolean {
  const start = parseDottedQuad(first) ?? 0;
  const size = 2 ** (32 - bits);
  return address >= start && address < start + size;
}

function inIPv6Range(groups: number[], [first, bits]: readonly [string, number]): boolean {
  const start = parseIPv6(first) ?? [];
  for (let i = 0; i < 8 && bits > i * 16; i += 1) {
    const mask = bits >= (i + 1) * 16 ? 0xffff : (0xffff << (16 - (bits - i * 16))) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((start[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Range(address: number): string | null {
  const range = IPV4_SPECIAL.find((r) => inIPv4Range(address, r));
  return range ? `${range[0]}/${range[1]}` : null;
}

const embeddedIPv4 = (high: number, low: number) => high * 65536 + low;

function ipv6Range(g: number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, , , g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroes = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeroes(0, 5) && g5 === 0xffff) return judgedAs(MAPPED, embeddedIPv4(g6, g7));
  if (inIPv6Range(g, ["64:ff9b::", 96])) return judgedAs(NAT64, embeddedIPv4(g6, g7));
  if (g0 === 0x2002) return judgedAs(SIX_TO_FOUR, embeddedIPv4(g1, g2));
  if (zeroes(0, 8)) return "::/128";
  if (zeroes(0, 7) && g7 === 1) return "::1/128";
  // Only 2000::/3 is the public internet: ULA fc00::/7, link-local fe80::/10, multicast ff00::/8,
  // IPv4-compatible ::/96, discard 100::/64, local NAT64 64:ff9b:1::/48 and the rest are outside it.
  if ((g0 & 0xe000) !== 0x2000) return outsideGlobal(g0);
  const range = IPV6_SPECIAL.find((r) => inIPv6Range(g, r));
  return range ? `${range[0]}/${range[1]}` : null;
}

function outsideGlobal(g0: number): string {
  if ((g0 & 0xfe00) === 0xfc00) return "fc00::/7";
  if ((g0 & 0xffc0) === 0xfe80) return "fe80::/10";
  if ((g0 & 0xff00) === 0xff00) return "ff00::/8";
  return "outside 2000::/3";
}

function judgedAs(range: string, v4: number): string | null {
  const inner = ipv4Range(v4);
  return inner === null ? null : `${range} → ${inner}`;
}

/**
 * Why the server may not connect to `address` (the range it falls in, e.g. `127.0.0.0/8`), or null
 * for a public address. Mapped, NAT64 and 6to4 IPv6 addresses are judged by the IPv4 address inside.
 * Anything that is not an IP address is refused too.
 */
export function nonPublicRange(address: string): string | null {
  const v4 = parseDottedQuad(address);
  if (v4 !== null) return ipv4Range(v4);
  const v6 = parseIPv6(address);
  return v6 ? ipv6Range(v6) : "not an IP address";
}

export const isPublicAddress = (address: string) => nonPublicRange(address) === null;
