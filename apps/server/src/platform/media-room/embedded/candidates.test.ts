import { expect, test } from "vitest";
import { CandidateScreen, isClientOnThisMachine, MAX_CANDIDATES_PER_CONNECTION } from "./candidates";

const at = (address: string, port = 5000) => `candidate:1 1 udp 2122260223 ${address} ${port} typ host`;

test.each([
  { case: "loopback", peer: "127.0.0.1", forwardedFor: undefined, want: true },
  { case: "IPv4-mapped loopback", peer: "::ffff:127.0.0.1", forwardedFor: undefined, want: true },
  { case: "IPv6 loopback", peer: "::1", forwardedFor: undefined, want: true },
  { case: "elsewhere", peer: "203.0.113.7", forwardedFor: undefined, want: false },
  {
    case: "a proxy here for a client elsewhere",
    peer: "127.0.0.1",
    forwardedFor: "203.0.113.7",
    want: false,
  },
  { case: "a forged local hop", peer: "127.0.0.1", forwardedFor: "127.0.0.1, 203.0.113.7", want: false },
  { case: "a proxy here for a client here", peer: "127.0.0.1", forwardedFor: "127.0.0.1", want: true },
  { case: "a client elsewhere naming loopback", peer: "203.0.113.7", forwardedFor: "127.0.0.1", want: false },
])("$case → on this machine: $want", ({ peer, forwardedFor, want }) => {
  expect(isClientOnThisMachine(peer, forwardedFor)).toBe(want);
});

test.each([
  { case: "loopback", candidate: at("127.0.0.1"), fromElsewhere: false },
  { case: "another loopback", candidate: at("127.1.2.3"), fromElsewhere: false },
  { case: "IPv6 loopback", candidate: at("::1"), fromElsewhere: false },
  { case: "unspecified", candidate: at("0.0.0.0"), fromElsewhere: false },
  { case: "a public address", candidate: at("198.51.100.4"), fromElsewhere: true },
  { case: "an mDNS name", candidate: at("0b1a2c3d.local"), fromElsewhere: true },
])("a candidate naming $case from elsewhere is taken: $fromElsewhere; from here always", (row) => {
  expect(new CandidateScreen(false).admits("publish", row.candidate)).toBe(row.fromElsewhere);
  expect(new CandidateScreen(true).admits("publish", row.candidate)).toBe(true);
});

test("each connection takes a bounded number of distinct candidates; a repeated one is not counted again", () => {
  const screen = new CandidateScreen(true);
  for (let port = 0; port < MAX_CANDIDATES_PER_CONNECTION; port++)
    expect(screen.admits("subscribe", at("127.0.0.1", port))).toBe(true);
  expect(screen.admits("subscribe", at("127.0.0.1", 1_000))).toBe(false);
  expect(screen.admits("subscribe", `a=${at("127.0.0.1", 0)}\r\n`)).toBe(true);
  expect(screen.admits("publish", at("127.0.0.1", 1_000))).toBe(true);
});

test("an SDP keeps the candidate lines the connection may take, and every other line", () => {
  const sdp = [
    "v=0",
    "m=audio 9 UDP/TLS/RTP/SAVPF 111",
    `a=${at("127.0.0.1")}`,
    `a=${at("198.51.100.4")}`,
    "a=mid:0",
    "",
  ].join("\r\n");
  expect(new CandidateScreen(false).sdp("publish", sdp)).toBe(
    ["v=0", "m=audio 9 UDP/TLS/RTP/SAVPF 111", `a=${at("198.51.100.4")}`, "a=mid:0", ""].join("\r\n"),
  );
});
