import { RTMP_CONNECTIONS_PER_ADDRESS, RTMP_WRONG_KEY_MEMORY_MS, wrongKeyDelayMs } from "@onstage/domain";
import { describe, expect, test } from "vitest";
import { addressKey, EncoderGate } from "./encoder-gate";

describe("who an RTMP connection counts against (issue 23 §1.2)", () => {
  test.each([
    { case: "IPv4", address: "203.0.113.7", want: "203.0.113.7" },
    { case: "IPv4-mapped IPv6", address: "::ffff:203.0.113.7", want: "203.0.113.7" },
    { case: "IPv6: its /64", address: "2001:db8:a:b:1:2:3:4", want: "2001:db8:a:b::/64" },
    { case: "another address of that /64", address: "2001:db8:a:b::99", want: "2001:db8:a:b::/64" },
    { case: "IPv6 compressed in its /64", address: "2001:db8::1", want: "2001:db8:0:0::/64" },
    { case: "IPv6 loopback", address: "::1", want: "0:0:0:0::/64" },
    { case: "no address (closed before it came)", address: "", want: "" },
  ])("$case → $want", ({ address, want }) => {
    expect(addressKey(address)).toBe(want);
  });
});

describe("EncoderGate", () => {
  test("an address holds its share of connections; one that closed makes room", () => {
    const gate = new EncoderGate();
    for (let i = 0; i < RTMP_CONNECTIONS_PER_ADDRESS; i++) expect(gate.admit("a")).toBe(true);
    expect(gate.admit("a")).toBe(false);
    expect(gate.admit("b")).toBe(true);
    gate.left("a");
    expect(gate.admit("a")).toBe(true);
  });

  test("wrong keys wait longer from the same address, and are forgotten after a quiet while", () => {
    const gate = new EncoderGate();
    expect(gate.wrongKey("a", 0)).toBe(wrongKeyDelayMs(1));
    expect(gate.wrongKey("a", 1_000)).toBe(wrongKeyDelayMs(2));
    expect(gate.wrongKey("b", 1_000)).toBe(wrongKeyDelayMs(1));
    expect(gate.wrongKey("a", 2_000)).toBe(wrongKeyDelayMs(3));
    expect(gate.wrongKey("a", 2_000 + RTMP_WRONG_KEY_MEMORY_MS)).toBe(wrongKeyDelayMs(1));
  });
});
