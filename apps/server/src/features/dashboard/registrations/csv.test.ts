import { expect, test } from "vitest";
import { csvSafeCell, majorUnits } from "./csv";
import { countPerDay } from "./per-day";

test.each([
  { cell: "=1+1", want: "'=1+1" },
  { cell: "+33 1 23", want: "'+33 1 23" },
  { cell: "-2", want: "'-2" },
  { cell: "@SUM(A1)", want: "'@SUM(A1)" },
  { cell: "\t=1", want: "'\t=1" },
  { cell: "\r=1", want: "'\r=1" },
  { cell: "a=1", want: "a=1" },
  { cell: "", want: "" },
  { cell: "Zoë", want: "Zoë" },
])("CSV cell '$cell' → '$want'", ({ cell, want }) => {
  expect(csvSafeCell(cell)).toBe(want);
});

test.each([
  { cents: 1250, currency: "EUR", want: "12.50" },
  { cents: 0, currency: "USD", want: "0.00" },
  { cents: 1250, currency: "JPY", want: "1250" },
  { cents: 1250, currency: "BHD", want: "1.250" },
])("$cents in $currency reads $want", ({ cents, currency, want }) => {
  expect(majorUnits(cents, currency)).toBe(want);
});

test("registrations per day follow the event's time zone, including half-hour offsets", () => {
  const at = (iso: string) => ({ startMs: Date.parse(iso), count: 1 });
  const buckets = [at("2024-03-10T18:15:00Z"), at("2024-03-10T18:30:00Z"), at("2024-03-11T02:00:00Z")];
  // India is UTC+5:30: 18:15Z is 23:45 on the 10th, 18:30Z is midnight on the 11th.
  expect(countPerDay(buckets, "Asia/Kolkata")).toEqual([
    { date: "2024-03-10", count: 1 },
    { date: "2024-03-11", count: 2 },
  ]);
  expect(countPerDay(buckets, "America/Los_Angeles")).toEqual([{ date: "2024-03-10", count: 3 }]);
  expect(countPerDay(buckets, "Not/AZone")).toEqual([
    { date: "2024-03-10", count: 2 },
    { date: "2024-03-11", count: 1 },
  ]);
});
