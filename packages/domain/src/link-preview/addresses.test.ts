import { describe, expect, test } from "vitest";
import { hostAddress, isPublicAddress, nonPublicRange } from "./addresses";

describe("every special IPv4 range is refused, the public internet is not", () => {
  test.each([
    { address: "0.0.0.0", range: "0.0.0.0/8" },
    { address: "0.1.2.3", range: "0.0.0.0/8" },
    { address: "10.0.0.1", range: "10.0.0.0/8" },
    { address: "10.255.255.255", range: "10.0.0.0/8" },
    { address: "100.64.0.1", range: "100.64.0.0/10" },
    { address: "100.127.255.255", range: "100.64.0.0/10" },
    { address: "127.0.0.1", range: "127.0.0.0/8" },
    { address: "127.255.0.9", range: "127.0.0.0/8" },
    { address: "169.254.169.254", range: "169.254.0.0/16" },
    { address: "172.16.0.1", range: "172.16.0.0/12" },
    { address: "172.31.255.255", range: "172.16.0.0/12" },
    { address: "192.0.0.8", range: "192.0.0.0/24" },
    { address: "192.0.2.1", range: "192.0.2.0/24" },
    { address: "192.88.99.1", range: "192.88.99.0/24" },
    { address: "192.168.1.1", range: "192.168.0.0/16" },
    { address: "198.18.0.1", range: "198.18.0.0/15" },
    { address: "198.19.255.255", range: "198.18.0.0/15" },
    { address: "198.51.100.7", range: "198.51.100.0/24" },
    { address: "203.0.113.10", range: "203.0.113.0/24" },
    { address: "224.0.0.1", range: "224.0.0.0/4" },
    { address: "239.255.255.250", range: "224.0.0.0/4" },
    { address: "240.0.0.1", range: "240.0.0.0/4" },
    { address: "255.255.255.255", range: "240.0.0.0/4" },
    { address: "1.1.1.1", range: null },
    { address: "8.8.8.8", range: null },
    { address: "9.255.255.255", range: null },
    { address: "11.0.0.0", range: null },
    { address: "100.63.255.255", range: null },
    { address: "100.128.0.0", range: null },
    { address: "172.15.255.255", range: null },
    { address: "172.32.0.0", range: null },
    { address: "198.17.255.255", range: null },
    { address: "198.20.0.0", range: null },
    { address: "223.255.255.255", range: null },
  ])("$address → $range", ({ address, range }) => {
    expect(nonPublicRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(range === null);
  });
});

describe("IPv6: only global unicast is public; embedded IPv4 addresses are judged as IPv4", () => {
  test.each([
    { address: "::", range: "::/128" },
    { address: "::1", range: "::1/128" },
    { address: "0:0:0:0:0:0:0:1", range: "::1/128" },
    { address: "[::1]", range: "::1/128" },
    { address: "fc00::1", range: "fc00::/7" },
    { address: "fd12:3456::1", range: "fc00::/7" },
    { address: "fe80::1", range: "fe80::/10" },
    { address: "fe80::1%eth0", range: "fe80::/10" },
    { address: "febf::1", range: "fe80::/10" },
    { address: "ff02::1", range: "ff00::/8" },
    { address: "2001:db8::1", range: "2001:db8::/32" },
    { address: "2001::1", range: "2001::/23" },
    { address: "3fff::1", range: "3fff::/20" },
    { address: "::127.0.0.1", range: "outside 2000::/3" },
    { address: "100::1", range: "outside 2000::/3" },
    { address: "64:ff9b:1::1", range: "outside 2000::/3" },
    { address: "::ffff:127.0.0.1", range: "::ffff:0:0/96 → 127.0.0.0/8" },
    { address: "::ffff:7f00:1", range: "::ffff:0:0/96 → 127.0.0.0/8" },
    { address: "::ffff:169.254.169.254", range: "::ffff:0:0/96 → 169.254.0.0/16" },
    { address: "::ffff:8.8.8.8", range: null },
    { address: "64:ff9b::10.0.0.1", range: "64:ff9b::/96 → 10.0.0.0/8" },
    { address: "64:ff9b::808:808", range: null },
    { address: "2002:7f00:1::", range: "2002::/16 → 127.0.0.0/8" },
    { address: "2002:a9fe:a9fe::1", range: "2002::/16 → 169.254.0.0/16" },
    { address: "2002:808:808::1", range: null },
    { address: "2606:4700:4700::1111", range: null },
    { address: "2a00:1450:4001:80b::200e", range: null },
  ])("$address → $range", ({ address, range }) => {
    expect(nonPublicRange(address)).toBe(range);
  });
});

test.each([
  { case: "a name", address: "example.com" },
  { case: "empty", address: "" },
  { case: "a short IPv4 spelling (only resolvers' dotted quads are addresses here)", address: "127.1" },
  { case: "an IPv4 part past 255", address: "1.2.3.256" },
  { case: "two ::", address: "1::2::3" },
  { case: "nine groups", address: "1:2:3:4:5:6:7:8:9" },
  { case: "a group of five digits", address: "12345::" },
])("not an IP address ($case) is refused", ({ address }) => {
  expect(nonPublicRange(address)).toBe("not an IP address");
});

describe("every IPv4 spelling inet_aton takes is read as the address it means", () => {
  test.each([
    { host: "127.0.0.1", address: "127.0.0.1" },
    { host: "2130706433", address: "127.0.0.1" },
    { host: "0177.0.0.1", address: "127.0.0.1" },
    { host: "0x7f.1", address: "127.0.0.1" },
    { host: "0x7F000001", address: "127.0.0.1" },
    { host: "127.1", address: "127.0.0.1" },
    { host: "127.0.1", address: "127.0.0.1" },
    { host: "169.254.43518", address: "169.254.169.254" },
    { host: "0", address: "0.0.0.0" },
    { host: "127.0.0.1.", address: "127.0.0.1" },
    { host: "[::1]", address: "0:0:0:0:0:0:0:1" },
    { host: "[::ffff:7f00:1]", address: "0:0:0:0:0:ffff:7f00:1" },
    { host: "[::ffff:1.2.3.4]", address: "0:0:0:0:0:ffff:102:304" },
    { host: "[1:2:3:4:5:6:7::]", address: "1:2:3:4:5:6:7:0" },
    { host: "[:1::]", address: null },
    { host: "example.com", address: null },
    { host: "1.2.3.4.5", address: null },
    { host: "08.0.0.1", address: null },
    { host: "256.0.0.1", address: null },
    { host: "4294967296", address: null },
  ])("$host → $address", ({ host, address }) => {
    expect(hostAddress(host)).toBe(address);
  });

  // The WHATWG URL parser already rewrites these for http, https and ftp hosts: the rules see dotted quads.
  test.each([
    { url: "http://2130706433/", hostname: "127.0.0.1" },
    { url: "http://0177.0.0.1/", hostname: "127.0.0.1" },
    { url: "http://0x7f.1/", hostname: "127.0.0.1" },
    { url: "https://127.1/", hostname: "127.0.0.1" },
    { url: "ftp://0xA9FEA9FE/", hostname: "169.254.169.254" },
    { url: "http://[::ffff:127.0.0.1]/", hostname: "[::ffff:7f00:1]" },
    { url: "http://[0:0::1]/", hostname: "[::1]" },
  ])("URL reads $url's host as $hostname", ({ url, hostname }) => {
    expect(new URL(url).hostname).toBe(hostname);
  });
});
