import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "../support/drive.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { gcidOf, patternBytes, sha256Of, startUpload } from "../support/uploads.js";
import { signUp, type TestUser } from "../support/users.js";

const MiB = 1024 * 1024;

/** What a start answer reveals, stripped of what differs between any two uploads. */
function shapeOf(answer: {
  file: { phase: string };
  resumable?: unknown;
  challenge?: { start: string; end: string };
}) {
  return {
    phase: answer.file.phase,
    resumable: answer.resumable !== undefined,
    challenge: answer.challenge !== undefined,
    range: answer.challenge ? Number(answer.challenge.end) - Number(answer.challenge.start) + 1 : 0,
  };
}

describe("security: a hash alone never hands over a file, nor tells whether it exists", () => {
  let t: TestApp;
  let alice: TestUser;
  let mallory: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    mallory = await signUp(t.app);
  });
  afterAll(() => t.close());

  const ask = async (who: TestUser, name: string, bytes: Buffer) => {
    const response = await startUpload(t.app, who, {
      name,
      size: bytes.length,
      hash: gcidOf(bytes),
      sha256: sha256Of(bytes),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const answer = (who: TestUser, name: string, size: number, id: string, sha1: string) =>
    startUpload(t.app, who, { name, size, challenge_id: id, challenge_sha1: sha1 });

  it("does not complete a small private file for someone who only knows its GCID and SHA-256", async () => {
    const secret = Buffer.from("top secret: the launch codes are 0000\n");
    await driveClient(t, alice).upload("secret.txt", secret);

    const stolen = await ask(mallory, "stolen.txt", secret);
    expect(stolen.file.phase).toBe("PHASE_TYPE_PENDING");
    expect(stolen.challenge).toMatchObject({ kind: "drive#uploadChallenge", algorithm: "SHA1" });

    const guess = await answer(mallory, "stolen.txt", secret.length, stolen.challenge.id, "0".repeat(40));
    expect(guess.statusCode).toBe(403);
    expect(guess.json().error).toBe("upload_challenge_failed");
    const file = await t.app.inject({ url: `/drive/v1/files/${stolen.file.id}`, headers: mallory.auth });
    expect(file.json().phase).toBe("PHASE_TYPE_PENDING");
  });

  it("completes a small known file for a client that proves it holds the bytes", async () => {
    const bytes = patternBytes(300_000, 21);
    await driveClient(t, alice).upload("small.bin", bytes);
    const asked = await ask(mallory, "small.bin", bytes);
    const { id, start, end } = asked.challenge;
    const sha1 = createHash("sha1")
      .update(bytes.subarray(Number(start), Number(end) + 1))
      .digest("hex");
    const proved = await answer(mallory, "small.bin", bytes.length, id, sha1);
    expect(proved.statusCode, proved.body).toBe(200);
    expect(proved.json().file).toMatchObject({ id: asked.file.id, phase: "PHASE_TYPE_COMPLETE" });
  });

  it("answers a start and a wrong answer the same whether or not the bytes are stored", async () => {
    for (const size of [40, 300_000, 3 * MiB]) {
      const stored = patternBytes(size, 30 + size);
      const unknown = patternBytes(size, 31 + size);
      await driveClient(t, alice).upload(`stored-${size}.bin`, stored);

      const known = await ask(mallory, `k-${size}.bin`, stored);
      const fresh = await ask(mallory, `u-${size}.bin`, unknown);
      expect(shapeOf(known), `${size} bytes`).toEqual(shapeOf(fresh));
      expect(known.challenge, `${size} bytes`).toBeDefined();

      const wrongKnown = await answer(mallory, "k.bin", size, known.challenge.id, "1".repeat(40));
      const wrongFresh = await answer(mallory, "u.bin", size, fresh.challenge.id, "1".repeat(40));
      expect(wrongKnown.statusCode).toBe(wrongFresh.statusCode);
      expect(wrongKnown.json().error).toBe(wrongFresh.json().error);
    }
  });

  it("lets a client that answers for bytes the server lacks upload them as usual", async () => {
    const bytes = patternBytes(200_000, 41);
    const asked = await ask(mallory, "new.bin", bytes);
    const { id, start, end } = asked.challenge;
    const sha1 = createHash("sha1")
      .update(bytes.subarray(Number(start), Number(end) + 1))
      .digest("hex");
    const answered = await answer(mallory, "new.bin", bytes.length, id, sha1);
    expect(answered.json().error).toBe("upload_challenge_failed");
    const file = await t.app.inject({ url: `/drive/v1/files/${asked.file.id}`, headers: mallory.auth });
    expect(file.json().phase).toBe("PHASE_TYPE_PENDING");
    expect(asked.resumable.params.url).toContain(asked.resumable.params.upload_id);
  });
});
