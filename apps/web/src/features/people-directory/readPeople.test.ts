// @vitest-environment happy-dom
import { expect, test } from "vitest";
import { stubApi } from "../../testing/apiStub";
import { readPeople } from "./readPeople";

// Spec 1 §7: the GET batch, and the POST {userIds} fallback when it fails or answers 405.

const ada = { id: 3, firstName: "Ada", lastName: "Lovelace", profilePhoto: null };
const refusal = (status: number) => ({ status, body: { error: { code: "x", message: "No" } } });

test.each([
  { get: 405, posts: 1 },
  { get: 500, posts: 1 },
  { get: 414, posts: 1 },
  { get: 403, posts: 0 },
  { get: 429, posts: 0 },
])("a GET answered $get → $posts POST", async ({ get, posts }) => {
  const api = stubApi(({ method }) =>
    method === "GET" ? refusal(get) : { status: 200, body: { users: [ada] } },
  );
  const read = readPeople(7, [3, 4]);
  if (posts === 0) await expect(read).rejects.toThrow();
  else expect(await read).toEqual([ada]);
  expect(api.of("GET", "/api/user/profile?ids=3,4&event_id=7")).toHaveLength(1);
  expect(api.of("POST", "/api/user/profile").map((r) => r.body)).toEqual(
    posts ? [{ userIds: [3, 4], eventId: 7 }] : [],
  );
});

test("a GET that answers needs no POST", async () => {
  const api = stubApi(() => ({ status: 200, body: { users: [ada] } }));
  expect(await readPeople(7, [3])).toEqual([ada]);
  expect(api.requests.map((r) => r.method)).toEqual(["GET"]);
});
