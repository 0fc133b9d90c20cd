import { randomBytes } from "node:crypto";
import http from "node:http";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { SIGNIN_FAILURES_PER_IP_HOUR } from "../src/modules/accounts/signin-guard.js";
import { DriveEvents, MAX_HELD_WAITS_PER_USER } from "../src/modules/events/drive-events.js";
import { type EventWakes, LocalEventWakes, RedisEventWakes } from "../src/modules/events/event-wakes.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { gcidOf, listen, onOrigin, patternBytes, startUpload } from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

/**
 * Two nodes of one installation (one database, one blob store), as behind a load balancer.
 * What nodes must agree on goes through Redis when `REDIS_URL` is set; these tests need
 * TEST_REDIS_URL for the Redis half and show, without it, that memory counters do not agree.
 */
const redisUrl = process.env.TEST_REDIS_URL;

function redisEnv(): Record<string, string> {
  return {
    REDIS_URL: redisUrl as string,
    REDIS_KEY_PREFIX: `nimbus-test-${randomBytes(6).toString("hex")}:`,
  };
}

const opened: TestApp[] = [];
afterEach(async () => {
  // Peers first: the first node owns the database and DATA_DIR.
  for (const app of opened.reverse()) await app.close();
  opened.length = 0;
});

async function twoNodes(
  env: Record<string, string>,
  options: { eventWakesOfB?: EventWakes } = {},
): Promise<[TestApp, TestApp]> {
  const a = await createTestApp({ env });
  opened.push(a);
  const b = await a.peer(options.eventWakesOfB ? { eventWakes: options.eventWakesOfB } : {});
  opened.push(b);
  return [a, b];
}

/**
 * The per-address sign-in limit (SIGNIN_FAILURES_PER_IP_HOUR failures an hour, counted only in the
 * RateLimitStore): half the failures on each node, each for another unknown account from another
 * device (so no per-account row slows them down). Answers the error of one more attempt on node B.
 */
async function attemptAfterLimitAcrossNodes(a: TestApp, b: TestApp): Promise<string> {
  const attempt = (node: TestApp, n: number) =>
    node.app.inject({
      method: "POST",
      url: "/v1/auth/signin",
      headers: { "x-device-id": n.toString(16).padStart(32, "0") },
      payload: { username: `nobody-${n}@example.com`, password: "wrong" },
    });
  for (let n = 0; n < SIGNIN_FAILURES_PER_IP_HOUR; n += 10) {
    const batch = Array.from({ length: 10 }, (_, i) => attempt(n % 20 === 0 ? a : b, n + i));
    for (const answer of await Promise.all(batch)) {
      expect(answer.json().error).toBe("invalid_account_or_password");
    }
  }
  return (await attempt(b, SIGNIN_FAILURES_PER_IP_HOUR)).json().error;
}

describe("rate limits across nodes", () => {
  const env = { CAPTCHA_MODE: "off" };

  it("in memory (no REDIS_URL) each node counts alone: past the per-address sign-in limit, still allowed", async () => {
    const [a, b] = await twoNodes(env);
    expect(await attemptAfterLimitAcrossNodes(a, b)).toBe("invalid_account_or_password");
  }, 120_000);

  it.skipIf(!redisUrl)(
    "with REDIS_URL both nodes count in one place: past the limit, refused",
    async () => {
      const [a, b] = await twoNodes({ ...env, ...redisEnv() });
      expect(await attemptAfterLimitAcrossNodes(a, b)).toBe("too_many_requests");
    },
    120_000,
  );

  it.skipIf(!redisUrl)(
    "with REDIS_URL a user's held long polls are counted on every node together",
    async () => {
      const [a, b] = await twoNodes({ ...env, ...redisEnv() });
      const user = await signUp(a.app);
      const wait = (node: TestApp) =>
        node.app.inject({ url: "/drive/v1/events/wait?after=&wait_seconds=2", headers: user.auth });
      const held = Array.from({ length: MAX_HELD_WAITS_PER_USER }, (_, i) => wait(i % 2 ? a : b));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await wait(b)).json().error).toBe("resource_exhausted");
      for (const answer of await Promise.all(held)) expect(answer.statusCode).toBe(200);
    },
    30_000,
  );
});

/**
 * A subscriber on node B waits (up to 4 s) for the user's next drive event, as a long poll would,
 * through B's wake-ups and B's database handle; the user makes a folder through node A. B's timed
 * re-reads are pushed past the wait, so only a wake-up that crossed from A to B ends it early.
 * Answers how long after the folder was made B's wait ended.
 */
async function msUntilSeenOnB(env: Record<string, string>, wakesOfB: EventWakes): Promise<number> {
  const [a, b] = await twoNodes(env, { eventWakesOfB: wakesOfB });
  const user = await signUp(a.app);
  const eventsOnB = new DriveEvents(b.database.db, systemClock, wakesOfB);
  const cursor = await eventsOnB.latestId(user.id);
  const seen = eventsOnB.waitForNew(user.id, cursor, WAIT_MS, { recheckMs: 60_000 });
  const made = await a.app.inject({
    method: "POST",
    url: "/drive/v1/files",
    headers: user.auth,
    payload: { kind: "drive#folder", name: "Made on A", parent_id: "" },
  });
  expect(made.statusCode).toBe(200);
  const madeAt = Date.now();
  expect(await seen).toBe(true); // read again at the deadline at the latest
  return Date.now() - madeAt;
}

const WAIT_MS = 4_000;

describe("drive events across nodes", () => {
  it("in memory (no REDIS_URL) a subscriber on node B is not woken by an event made on node A", async () => {
    expect(await msUntilSeenOnB({}, new LocalEventWakes())).toBeGreaterThan(WAIT_MS / 2);
  });

  it.skipIf(!redisUrl)(
    "with REDIS_URL a subscriber on node B is woken by an event made on node A",
    async () => {
      const env = redisEnv();
      const connection = new Redis(redisUrl as string);
      const wakes = new RedisEventWakes(connection, env.REDIS_KEY_PREFIX);
      try {
        await wakes.listening;
        expect(await msUntilSeenOnB(env, wakes)).toBeLessThan(WAIT_MS / 2);
      } finally {
        await wakes.close();
        await connection.quit();
      }
    },
  );
});

/**
 * What the web does: a long poll (`GET /drive/v1/events/wait`) on node B while the user makes a
 * folder through node A. B re-reads the database every 2 s while waiting, so only a wake-up that
 * crossed from A answers well before that. Answers how long after the folder was made B answered.
 */
async function msUntilLongPollOnBAnswers(env: Record<string, string>): Promise<number> {
  const [a, b] = await twoNodes(env);
  const user = await signUp(a.app);
  const wait = (query: string) => b.app.inject({ url: `/drive/v1/events/wait${query}`, headers: user.auth });
  const { latest_id } = (await wait("")).json();
  const answered = wait(`?after=${latest_id}&wait_seconds=10`);
  await new Promise((resolve) => setTimeout(resolve, 200)); // B's handler is waiting
  const made = await a.app.inject({
    method: "POST",
    url: "/drive/v1/files",
    headers: user.auth,
    payload: { kind: "drive#folder", name: "Made on A", parent_id: "" },
  });
  expect(made.statusCode).toBe(200);
  const madeAt = Date.now();
  const answer = (await answered).json();
  expect(answer.changed).toBe(true);
  return Date.now() - madeAt;
}

describe("the web's long poll across nodes", () => {
  it("in memory (no REDIS_URL) node B's long poll sees a change made on A only at its re-read", async () => {
    expect(await msUntilLongPollOnBAnswers({})).toBeGreaterThan(1_000);
  });

  it.skipIf(!redisUrl)(
    "with REDIS_URL node B's long poll answers as soon as A records the change",
    async () => {
      expect(await msUntilLongPollOnBAnswers(redisEnv())).toBeLessThan(1_000);
    },
  );
});

/**
 * An admin changes the remote config on node A; answers how many milliseconds passed
 * until node B (which had cached the old document) answered the new announcement, or
 * Infinity when it still answered the old one after WAIT_MS.
 */
async function msUntilConfigSeenOnB(env: Record<string, string>): Promise<number> {
  const [a, b] = await twoNodes({ ...env, ADMIN_EMAILS: "operator@example.com" });
  const admin = await signUp(a.app, { email: "operator@example.com" });
  const announcements = async (node: TestApp) =>
    (
      await node.app.inject({
        method: "POST",
        url: "/config/v1/basic",
        payload: { client: "web", data: { language: "en-US" } },
      })
    ).json().data.announcements as { text: string }[];
  expect(await announcements(b)).toEqual([]); // node B caches the defaults
  const current = (await a.app.inject({ url: "/admin/v1/config", headers: admin.auth })).json();
  const saved = await a.app.inject({
    method: "PUT",
    url: "/admin/v1/config",
    headers: admin.auth,
    payload: {
      document: {
        ...current.document,
        announcements: [{ id: "m", level: "info", texts: { "en-US": { text: "Maintenance" } } }],
      },
      note: "cluster",
      base_version: current.version,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const started = Date.now();
  while (Date.now() - started < WAIT_MS) {
    if ((await announcements(b))[0]?.text === "Maintenance") return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.POSITIVE_INFINITY;
}

describe("remote config cache across nodes", () => {
  it("in memory (no REDIS_URL) node B keeps answering the config it cached", async () => {
    expect(await msUntilConfigSeenOnB({})).toBe(Number.POSITIVE_INFINITY);
  }, 60_000);

  it.skipIf(!redisUrl)(
    "with REDIS_URL a change saved on node A is answered by node B at once",
    async () => {
      expect(await msUntilConfigSeenOnB(redisEnv())).toBeLessThan(WAIT_MS / 2);
    },
    60_000,
  );
});

const KiB = 1024;

/**
 * A PATCH whose headers go out at once and whose body follows in `pieces` parts, each after
 * `delayMs`: it holds its upload a while before its first byte arrives (so the stored offset
 * has not moved yet, on disk or in S3). Answers the status.
 */
function slowPatch(url: string, user: TestUser, bytes: Buffer, pieces: number, delayMs: number) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "PATCH",
        headers: {
          ...user.auth,
          "tus-resumable": "1.0.0",
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
          "content-length": String(bytes.length),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.flushHeaders();
    const size = Math.ceil(bytes.length / pieces);
    void (async () => {
      for (let sent = 0; sent < bytes.length; sent += size) {
        await new Promise((done) => setTimeout(done, delayMs));
        request.write(bytes.subarray(sent, sent + size));
      }
      request.end();
    })();
  });
}

function patch(url: string, user: TestUser, offset: number, body: Buffer) {
  return fetch(url, {
    method: "PATCH",
    headers: {
      ...user.auth,
      "tus-resumable": "1.0.0",
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
    },
    body,
  });
}

/**
 * Two PATCHes of one upload at offset 0 with different bytes: one streams slowly into node
 * `first`, the other reaches node `second` while it does. Answers both statuses, and whether the
 * upload then completes with the first PATCH's bytes followed by the rest (the declared GCID is of
 * those bytes, so the file completes only if the second PATCH wrote nothing).
 */
async function racePatches(first: TestApp, second: TestApp) {
  const user = await signUp(first.app);
  const winner = patternBytes(256 * KiB, 1);
  const loser = patternBytes(256 * KiB, 2);
  const rest = patternBytes(64 * KiB, 3);
  const whole = Buffer.concat([winner, rest]);
  const created = await startUpload(first.app, user, {
    name: "raced.bin",
    size: String(whole.length),
    hash: gcidOf(whole),
  });
  expect(created.statusCode, created.body).toBe(200);
  const { url, upload_id } = created.json().resumable.params;
  const originA = await listen(first.app);
  const originB = second === first ? originA : await listen(second.app);
  const slow = slowPatch(onOrigin(url, originA), user, winner, 4, 300);
  await new Promise((resolve) => setTimeout(resolve, 150)); // the first PATCH holds the upload, no byte sent
  const [a, b] = await Promise.all([slow, patch(onOrigin(url, originB), user, 0, loser)]);
  const statuses = [a, b.status];
  if (a === 204) {
    const end = await patch(onOrigin(url, originB), user, winner.length, rest);
    expect(end.status, await end.text()).toBe(204);
  }
  const file = await first.database.db
    .selectFrom("uploads")
    .innerJoin("files", "files.id", "uploads.file_id")
    .select(["files.phase"])
    .where("uploads.id", "=", upload_id)
    .executeTakeFirstOrThrow();
  return { statuses, phase: file.phase };
}

describe("PATCHes of one tus upload at one offset", () => {
  it("on one node (no REDIS_URL): the second waits for the first, then finds the offset moved (409)", async () => {
    const [a] = await twoNodes({});
    const { statuses, phase } = await racePatches(a, a);
    expect(statuses).toEqual([204, 409]);
    expect(phase).toBe("PHASE_TYPE_COMPLETE");
  }, 60_000);

  it.skipIf(!redisUrl)(
    "on two nodes sharing Redis: one writes, the other gets 409, the file holds the winner's bytes",
    async () => {
      const [a, b] = await twoNodes(redisEnv());
      const { statuses, phase } = await racePatches(a, b);
      expect(statuses).toEqual([204, 409]);
      expect(phase).toBe("PHASE_TYPE_COMPLETE");
    },
    60_000,
  );
});
