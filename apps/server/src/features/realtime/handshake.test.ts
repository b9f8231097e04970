import { expect, test } from "vitest";
import { allowedOrigins } from "./handshake";

test.each([
  { publicUrl: "https://onstage.example", want: ["https://onstage.example"] },
  { publicUrl: "https://onstage.example:8443/", want: ["https://onstage.example:8443"] },
  // A laptop instance answers on every loopback name of its port, and only those.
  {
    publicUrl: "http://localhost:3000",
    want: ["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"],
  },
])("the socket accepts pages of $publicUrl from $want", ({ publicUrl, want }) => {
  expect([...allowedOrigins(publicUrl)]).toEqual(want);
});
