import { createHash, randomInt } from "node:crypto";
import { NimbusError, type UploadChallenge } from "@nimbus/protocol";
import type { BlobStore } from "../../blobs/blob-store.js";
import type { Db } from "../../db/database.js";
import { isoTime } from "../../lib/clock.js";
import { equalSecret } from "../../lib/constant-time.js";
import { newId } from "../../lib/ids.js";
import { commitInstantUpload } from "./upload-commit.js";
import type { UploadRow, UploadsRepository } from "./uploads-repository.js";

/** How many bytes a challenge asks to hash: enough that guessing them is hopeless. */
export const CHALLENGE_RANGE_BYTES = 256 * 1024;
/** How long a challenge may be answered. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Instant upload: a file whose bytes are already stored completes by reference,
 * once the client proves it holds them too (the SHA-1 of a random range, asked
 * once per challenge). A match needs GCID, size and (when the client sends it)
 * SHA-256 to agree. Challenges are issued for every declared hash and a wrong
 * answer is refused alike whether or not the bytes are stored, so neither
 * reveals what the server holds.
 */
export class InstantUploads {
  /** SHA-256 computations in progress, so concurrent claims on one blob read it once. */
  private readonly computing = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly uploads: UploadsRepository,
  ) {}

  /**
   * True when a stored blob has this GCID and size (and SHA-256, when given). A
   * blob stored without its SHA-256 (uploads leave it off their path) gets it
   * computed from its bytes now, once, and kept; a different one never matches.
   */
  async matches(gcid: string, size: number, sha256?: string | null): Promise<boolean> {
    const blob = await this.db
      .selectFrom("blobs")
      .select("sha256")
      .where("gcid", "=", gcid)
      .where("size", "=", size)
      .executeTakeFirst();
    if (!blob) return false;
    if (!sha256) return true;
    const known = blob.sha256 ?? (await this.sha256Of(gcid));
    return known === sha256.toLowerCase();
  }

  /** The blob's SHA-256, computed from its bytes and kept; undefined when the bytes are gone. */
  sha256Of(gcid: string): Promise<string | undefined> {
    let running = this.computing.get(gcid);
    if (!running) {
      running = this.computeSha256(gcid).finally(() => this.computing.delete(gcid));
      this.computing.set(gcid, running);
    }
    return running;
  }

  private async computeSha256(gcid: string): Promise<string | undefined> {
    let stream: AsyncIterable<Buffer>;
    try {
      stream = await this.blobs.get(gcid);
    } catch (error) {
      if (error instanceof NimbusError && error.error === "not_found") return undefined;
      throw error;
    }
    const hash = createHash("sha256");
    for await (const chunk of stream) hash.update(chunk);
    const sha256 = hash.digest("hex");
    await this.db
      .updateTable("blobs")
      .set({ sha256 })
      .where("gcid", "=", gcid)
      .where("sha256", "is", null)
      .execute();
    const row = await this.db
      .selectFrom("blobs")
      .select("sha256")
      .where("gcid", "=", gcid)
      .executeTakeFirst();
    return row?.sha256 ?? undefined;
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
    // Half of a small file, so a published checksum of the whole file is no answer.
    const length = upload.size > CHALLENGE_RANGE_BYTES ? CHALLENGE_RANGE_BYTES : Math.ceil(upload.size / 2);
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
   * unlocks. Throws `upload_challenge_failed` for a wrong, late or unknown answer,
   * and for any answer when the bytes are not stored (the client uploads them).
   */
  async verify(userId: string, challengeId: string, sha1Hex: string, now: number): Promise<UploadRow> {
    const challenge = await this.uploads.takeChallenge(userId, challengeId);
    if (!challenge) throw new NimbusError("upload_challenge_failed", "unknown or already answered challenge");
    if (challenge.expires_at < now) throw new NimbusError("upload_challenge_failed", "challenge expired");
    const upload = await this.uploads.findOwned(userId, challenge.upload_id);
    if (upload?.state !== "active" || !upload.declared_gcid) {
      throw new NimbusError("upload_not_found", "the challenged upload is no longer in progress");
    }
    const stored = await this.matches(upload.declared_gcid, upload.size, upload.declared_sha256);
    const expected = stored
      ? await this.rangeSha1(upload.declared_gcid, challenge.range_start, challenge.range_end)
      : undefined;
    const given = Buffer.from(sha1Hex.toLowerCase(), "hex");
    if (!expected || !equalSecret(given, expected)) {
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
