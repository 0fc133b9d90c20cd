import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { NimbusError, type UploadChallenge } from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";
import { isoTime } from "../../lib/clock.js";
import { newId } from "../../lib/ids.js";
import { commitInstantUpload } from "../files/upload-commit.js";
import type { UploadRow, UploadsRepository } from "./uploads-repository.js";

/** How many bytes a challenge asks to hash: enough that guessing them is hopeless. */
export const CHALLENGE_RANGE_BYTES = 256 * 1024;
/** How long a challenge may be answered. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Instant upload: a file whose bytes are already stored completes by reference.
 * A match needs GCID, size and (when the client sends it) SHA-256 to agree.
 * For big files the client must also prove it holds the bytes: the SHA-1 of a
 * random range, asked once per challenge.
 */
export class InstantUploads {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly uploads: UploadsRepository,
  ) {}

  /** True when a stored blob has this GCID and size (and SHA-256, when given). */
  async matches(gcid: string, size: number, sha256?: string | null): Promise<boolean> {
    let query = this.db.selectFrom("blobs").select("gcid").where("gcid", "=", gcid).where("size", "=", size);
    if (sha256) query = query.where("sha256", "=", sha256);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /**
   * Completes the upload's pending file by referencing the stored blob, settling
   * its reservation. Undefined when the blob is gone (the client uploads instead).
   */
  complete(upload: UploadRow, now: number) {
    if (!upload.declared_gcid) return Promise.resolve(undefined);
    return commitInstantUpload(
      this.db,
      {
        userId: upload.user_id,
        fileId: upload.file_id,
        uploadId: upload.id,
        gcid: upload.declared_gcid,
        size: upload.size,
        sha256: upload.declared_sha256,
        limit: 0,
      },
      now,
    );
  }

  async issueChallenge(upload: UploadRow, now: number): Promise<UploadChallenge> {
    const length = Math.min(CHALLENGE_RANGE_BYTES, upload.size);
    const start = randomInt(0, upload.size - length + 1);
    const row = {
      id: newId(now),
      user_id: upload.user_id,
      upload_id: upload.id,
      range_start: start,
      range_end: start + length - 1,
      expires_at: now + CHALLENGE_TTL_MS,
    };
    await this.uploads.insertChallenge(row);
    return {
      kind: "drive#uploadChallenge",
      id: row.id,
      algorithm: "SHA1",
      start: String(row.range_start),
      end: String(row.range_end),
      expires_at: isoTime(row.expires_at),
    };
  }

  /**
   * Checks an answer (one attempt per challenge) and returns the upload it
   * unlocks. Throws `upload_challenge_failed` for a wrong, late or unknown answer.
   */
  async verify(userId: string, challengeId: string, sha1Hex: string, now: number): Promise<UploadRow> {
    const challenge = await this.uploads.takeChallenge(userId, challengeId);
    if (!challenge) throw new NimbusError("upload_challenge_failed", "unknown or already answered challenge");
    if (challenge.expires_at < now) throw new NimbusError("upload_challenge_failed", "challenge expired");
    const upload = await this.uploads.findOwned(userId, challenge.upload_id);
    if (upload?.state !== "active" || !upload.declared_gcid) {
      throw new NimbusError("upload_not_found", "the challenged upload is no longer in progress");
    }
    const expected = await this.rangeSha1(upload.declared_gcid, challenge.range_start, challenge.range_end);
    const given = Buffer.from(sha1Hex.toLowerCase(), "hex");
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NimbusError("upload_challenge_failed", "wrong answer to the range challenge");
    }
    return upload;
  }

  /** SHA-1 of a stored blob's bytes start..end, or undefined when the blob is gone. */
  private async rangeSha1(gcid: string, start: number, end: number): Promise<Buffer | undefined> {
    let stream: AsyncIterable<Buffer>;
    try {
      stream = await this.blobs.get(gcid, { start, end });
    } catch (error) {
      if (error instanceof NimbusError && error.error === "not_found") return undefined;
      throw error;
    }
    const hash = createHash("sha1");
    for await (const chunk of stream) hash.update(chunk);
    return hash.digest();
  }
}
