import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseJobQueue } from "../../src/jobs/database-job-queue.js";
import { createFolder, uploadFile } from "../support/media-files.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { requireTools } from "../support/tools.js";
import { signUp, type TestUser } from "../support/users.js";

requireTools("zip");

const MiB = 1024 * 1024;

/** Extraction holds the user's quota up front and runs within per-user and per-server bounds. */
describe("archive extraction and quota", () => {
  let t: TestApp;
  let alice: TestUser;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { FREE_STORAGE_BYTES: String(3 * MiB) } });
    alice = await signUp(t.app);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-archive-quota-"));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A small zip that unpacks to `bytes` of text. */
  async function zipOf(name: string, bytes: number) {
    await writeFile(path.join(dir, `${name}.txt`), "nimbus ".repeat(bytes / 7 + 1).slice(0, bytes));
    execFileSync("zip", ["-q", `${name}.zip`, `${name}.txt`], { cwd: dir });
    return uploadFile(t.app, alice, `${name}.zip`, await readFile(path.join(dir, `${name}.zip`)));
  }

  const decompress = (fileId: string, toParentId: string) =>
    t.app.inject({
      method: "POST",
      url: "/decompress/v1/decompress",
      headers: alice.auth,
      payload: { file_id: fileId, to_parent_id: toParentId },
    });

  async function spaceOf(userId: string) {
    return t.database.db
      .selectFrom("users")
      .select(["storage_usage", "storage_reserved"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
  }

  it("refuses at the decompress call what the free space cannot hold, reservations counted", async () => {
    const big = await zipOf("big", 4 * MiB);
    const target = await createFolder(t.app, alice, "Out");
    const refused = await decompress(big.id, target.id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error).toBe("file_space_not_enough");

    // 2 MiB fits once in the ~3 MiB free, not twice: the second call sees the first one's hold.
    const half = await zipOf("half", 2 * MiB);
    expect((await decompress(half.id, target.id)).statusCode).toBe(200);
    const second = await decompress(half.id, target.id);
    expect(second.statusCode, second.body).toBe(403);
    expect(second.json().error).toBe("file_space_not_enough");

    await t.jobs.drain();
    const space = await spaceOf(alice.id);
    expect(Number(space.storage_reserved)).toBe(0);
    const archives = Number((await readFile(path.join(dir, "big.zip"))).length);
    const halfZip = Number((await readFile(path.join(dir, "half.zip"))).length);
    expect(Number(space.storage_usage)).toBe(archives + halfZip + 2 * MiB);
  });

  it("runs at most the per-group number of a job type at once, other groups meanwhile", async () => {
    const q = new DatabaseJobQueue({
      db: t.database.db,
      clock: { now: () => Date.now() },
      pollIntervalMs: 20,
      backoffMs: () => 0,
    });
    const type = `grouped-${Math.random().toString(36).slice(2)}`;
    const running = new Map<string, number>();
    let peakSameGroup = 0;
    let peakTotal = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    q.register<{ user: string }>(
      type,
      async ({ user }) => {
        running.set(user, (running.get(user) ?? 0) + 1);
        peakSameGroup = Math.max(peakSameGroup, running.get(user) ?? 0);
        peakTotal = Math.max(
          peakTotal,
          [...running.values()].reduce((a, b) => a + b, 0),
        );
        await gate;
        running.set(user, (running.get(user) ?? 0) - 1);
      },
      { concurrency: 3, perGroup: 1 },
    );
    for (const user of ["u1", "u1", "u1", "u2"]) await q.enqueue(type, { user }, { group: user });
    q.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(peakTotal).toBe(2);
    release();
    await q.drain();
    await q.stop();
    expect(peakSameGroup).toBe(1);
  });
});
