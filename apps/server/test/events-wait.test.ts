import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { DriveEvents, MAX_HELD_WAITS_PER_USER } from "../src/modules/events/drive-events.js";
import { LocalEventWakes } from "../src/modules/events/event-wakes.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

/** `GET /drive/v1/events/wait`, the long poll the web waits on for changes made elsewhere. */
describe("waiting for drive events (long poll)", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const wait = (user: TestUser, query: string) =>
    t.app.inject({ url: `/drive/v1/events/wait${query}`, headers: user.auth });
  const makeFolder = (user: TestUser, name: string) =>
    t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: user.auth,
      payload: { kind: "drive#folder", name, parent_id: "" },
    });

  it("without `after` answers at once with the cursor to wait past", async () => {
    const started = Date.now();
    const answer = await wait(alice, "");
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ kind: "drive#eventWait", changed: false, latest_id: "" });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("answers as soon as the user's drive changes, with the new cursor", async () => {
    const { latest_id } = (await wait(alice, "")).json();
    const waiting = wait(alice, `?after=${latest_id}&wait_seconds=20`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const made = await makeFolder(alice, "Made meanwhile");
    expect(made.statusCode).toBe(200);
    const madeAt = Date.now();
    const answer = (await waiting).json();
    expect(Date.now() - madeAt).toBeLessThan(1_500);
    expect(answer.changed).toBe(true);
    expect(answer.latest_id > latest_id).toBe(true);
    const listed = await t.app.inject({ url: "/drive/v1/events?limit=1", headers: alice.auth });
    expect(answer.latest_id).toBe(listed.json().events[0].id);
  });

  it("answers `changed: false` after `wait_seconds` when nothing of the user's changed", async () => {
    const { latest_id } = (await wait(alice, "")).json();
    const started = Date.now();
    const waiting = wait(alice, `?after=${latest_id}&wait_seconds=1`);
    expect((await makeFolder(bob, "Bob's, not Alice's")).statusCode).toBe(200);
    const answer = (await waiting).json();
    expect(answer).toEqual({ kind: "drive#eventWait", changed: false, latest_id });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it("answers at once when the drive changed since the cursor", async () => {
    const { latest_id } = (await wait(bob, "")).json();
    await makeFolder(bob, "Before the wait");
    const started = Date.now();
    const answer = (await wait(bob, `?after=${latest_id}`)).json();
    expect(answer.changed).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("holds at most 8 long polls per user at once; the next answers resource_exhausted, others are not affected", async () => {
    const { latest_id } = (await wait(bob, "")).json();
    const held = Array.from({ length: MAX_HELD_WAITS_PER_USER }, () =>
      wait(bob, `?after=${latest_id}&wait_seconds=2`),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await wait(bob, `?after=${latest_id}&wait_seconds=2`);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      error: "resource_exhausted",
      details: expect.arrayContaining([
        expect.objectContaining({ metadata: { reason: "EVENT_WAITS_LIMITED" } }),
      ]),
    });
    expect((await wait(bob, "")).statusCode).toBe(200);
    const other = wait(alice, `?after=${latest_id}&wait_seconds=1`);
    expect((await other).statusCode).toBe(200);
    for (const answer of await Promise.all(held)) expect(answer.statusCode).toBe(200);
    // The slots are given back when the polls end.
    expect((await wait(bob, `?after=${latest_id}&wait_seconds=1`)).statusCode).toBe(200);
  });

  it("refuses a malformed cursor or wait with the error object, and a visitor with 401", async () => {
    for (const query of [
      "?after=not-an-id",
      `?after=${"A".repeat(27)}`,
      "?wait_seconds=0",
      "?wait_seconds=31",
    ]) {
      const answer = await wait(alice, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error, query).toBe("invalid_argument");
    }
    const visitor = await t.app.inject({ url: "/drive/v1/events/wait" });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBeTruthy();
  });
});

describe("a node shutting down", () => {
  it("answers its held long polls at once instead of waiting them out", async () => {
    const t = await createTestApp();
    const alice = await signUp(t.app);
    const started = Date.now();
    const held = t.app.inject({ url: "/drive/v1/events/wait?after=&wait_seconds=30", headers: alice.auth });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const closing = t.close();
    const answer = await held;
    await closing;
    expect(answer.json()).toEqual({ kind: "drive#eventWait", changed: false, latest_id: "" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("a wake-up that comes before its event is visible", () => {
  it("is followed by quick re-reads, not only the next timed one", async () => {
    const t = await createTestApp();
    try {
      const alice = await signUp(t.app);
      const wakes = new LocalEventWakes();
      const events = new DriveEvents(t.database.db, systemClock, wakes);
      const cursor = await events.latestId(alice.id);
      const started = Date.now();
      const seen = events.waitForNew(alice.id, cursor, 20_000, { recheckMs: 60_000 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // As when the writer's transaction publishes, then commits a moment later.
      wakes.publish(alice.id);
      await new Promise((resolve) => setTimeout(resolve, 60));
      await new DriveEvents(t.database.db, systemClock).record([
        {
          userId: alice.id,
          type: "create_folder",
          fileId: "f",
          fileName: "n",
          fileKind: "drive#folder",
          parentId: "",
        },
      ]);
      expect(await seen).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await t.close();
    }
  });
});
