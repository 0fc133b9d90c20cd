import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { SIGNIN_FAILURES_PER_IP_HOUR } from "../src/modules/accounts/signin-guard.js";
import { DriveEvents } from "../src/modules/events/drive-events.js";
import { type EventWakes, LocalEventWakes, RedisEventWakes } from "../src/modules/events/event-wakes.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

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
