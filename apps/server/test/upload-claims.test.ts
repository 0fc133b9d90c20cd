import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPIRE_UPLOADS_JOB } from "../src/modules/uploads/upload-expiry.js";
import { CLAIM_TTL_MS } from "../src/modules/uploads/upload-service.js";
import { driveClient } from "./support/drive.js";
import { manualClock } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { gcidOf, patternBytes, sha256Of, startUpload } from "./support/uploads.js";
import { signUp, type TestUser } from "./support/users.js";

const MiB = 1024 * 1024;
const MINUTE = 60_000;

/** Instant-upload claims nobody finishes: never listed, and swept once their challenge is long dead. */
describe("abandoned instant-upload claims", () => {
  const clock = manualClock(Date.UTC(2030, 2, 4, 12));
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { FREE_STORAGE_BYTES: String(64 * MiB), UPLOAD_EXPIRY_HOURS: "24" },
    });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const reserved = async () =>
    (
      await t.database.db
        .selectFrom("users")
        .select("storage_reserved")
        .where("id", "=", alice.id)
        .executeTakeFirstOrThrow()
    ).storage_reserved;
  const getFile = (id: string) => t.app.inject({ url: `/drive/v1/files/${id}`, headers: alice.auth });
  /** Read from the table: a day later the test's access token has expired. */
  const fileRow = (id: string) =>
    t.database.db.selectFrom("files").select("phase").where("id", "=", id).executeTakeFirst();
  const listed = async () =>
    (await driveClient(t, alice).listAll({ parent_id: "" })).map((file) => file.name);
  async function claim(name: string, seed: number) {
    const bytes = patternBytes(MiB, seed);
    const created = await startUpload(t.app, alice, {
      name,
      size: String(bytes.length),
      hash: gcidOf(bytes),
      sha256: sha256Of(bytes),
    });
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json();
    expect(answer.challenge).toBeDefined();
    return { fileId: answer.file.id as string, url: new URL(answer.resumable.params.url).pathname };
  }
  const sweep = async () => {
    await t.jobs.enqueue(EXPIRE_UPLOADS_JOB, null);
    await t.jobs.drain();
  };

  it("lists no pending claim, and drops its file and reservation once the claim is past its time", async () => {
    const before = await reserved();
    const abandoned = await claim("abandoned.bin", 1);
    const started = await claim("started.bin", 2);
    expect(await reserved()).toBe(before + 2 * MiB);

    // Neither is a file yet: the drive lists neither, though each is reachable by its id.
    expect(await listed()).not.toContain("abandoned.bin");
    expect(await listed()).not.toContain("started.bin");
    expect((await getFile(abandoned.fileId)).json().phase).toBe("PHASE_TYPE_PENDING");
    // Asked for by phase, the pending files are there.
    const pending = await driveClient(t, alice).listAll({
      parent_id: "",
      filters: { phase: { eq: "PHASE_TYPE_PENDING" } },
    });
    expect(pending.map((file) => file.name).sort()).toEqual(["abandoned.bin", "started.bin"]);

    // The client of the second one turns to tus (its challenge answer failed, or it never tried).
    clock.advance(5 * MINUTE);
    const head = await t.app.inject({
      method: "HEAD",
      url: started.url,
      headers: { ...alice.auth, "tus-resumable": "1.0.0" },
    });
    expect(head.statusCode).toBe(200);

    // Before the claim's time nothing is swept.
    clock.advance(CLAIM_TTL_MS - 6 * MINUTE);
    await sweep();
    expect((await getFile(abandoned.fileId)).statusCode).toBe(200);

    // Past it the abandoned claim is gone, its reservation released; the started upload stays.
    clock.advance(2 * MINUTE);
    await sweep();
    expect((await getFile(abandoned.fileId)).json().error).toBe("file_not_found");
    expect((await getFile(started.fileId)).json().phase).toBe("PHASE_TYPE_PENDING");
    expect(await reserved()).toBe(before + MiB);

    // The started upload keeps the whole upload expiry from its last request.
    clock.advance(23 * 60 * MINUTE);
    await sweep();
    expect(await fileRow(started.fileId)).toEqual({ phase: "PHASE_TYPE_PENDING" });
    clock.advance(2 * 60 * MINUTE);
    await sweep();
    expect(await fileRow(started.fileId)).toBeUndefined();
    expect(await reserved()).toBe(before);
  });
});
