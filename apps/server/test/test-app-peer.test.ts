import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app.js";

/**
 * Two nodes of one installation in this one process (`peer()`), as the cluster and WebDAV
 * lock suites run them: one node's write must not stall while the other holds a
 * transaction across an await, as two processes' would not.
 */
describe("a peer node in the same process", () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    b = await a.peer();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("writes while the other node holds a write transaction across an await", async () => {
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    const transaction = a.database.db.transaction().execute(async (trx) => {
      await sql`insert into job_schedules (type, last_slot, updated_at) values ('peer-a', 0, 0)`.execute(trx);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await holding;
    const started = performance.now();
    await sql`insert into job_schedules (type, last_slot, updated_at) values ('peer-b', 0, 0)`.execute(
      b.database.db,
    );
    await transaction;
    // A stalled write waits out SQLite's busy_timeout (5 s) and then fails with SQLITE_BUSY.
    expect(performance.now() - started).toBeLessThan(2_000);
    const rows = await a.database.db
      .selectFrom("job_schedules")
      .select("type")
      .where("type", "like", "peer-%")
      .execute();
    expect(rows.map((row) => row.type).sort()).toEqual(["peer-a", "peer-b"]);
  });

  it("leaves the first node's database open when the peer closes", async () => {
    const peer = await a.peer();
    await peer.close();
    await expect(sql`select 1 as one`.execute(a.database.db)).resolves.toBeDefined();
  });
});
