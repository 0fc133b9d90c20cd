import { createHash, randomInt } from "node:crypto";
import { BlockSha256Hasher, NimbusError, type UploadChallenge } from "@nimbus/protocol";
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

/** The content checks a claim may send beside the GCID (lowercase or uppercase hex). */
export interface ContentChecks {
  sha256?: string | null;
  blockSha256?: string | null;
}

type DigestColumn = "sha256" | "block_sha256";

function wholeSha256() {
  const hash = createHash("sha256");
  return {
    update: (chunk: Buffer) => {
      hash.update(chunk);
    },
    digest: () => hash.digest("hex"),
  };
}

/**
 * Instant upload: a file whose bytes are already stored completes by reference,
 * once the client proves it holds them too (the SHA-1 of a random range, asked
 * once per challenge). A match needs GCID, size and the content checks the client
 * sent (block SHA-256, decision 0071; SHA-256 from older clients) to agree. Challenges are issued for every declared hash and a wrong
 * answer is refused alike whether or not the bytes are stored, so neither
 * reveals what the server holds.
 */
export class InstantUploads {
  /** Digests being computed (key: column and GCID), so concurrent claims on one blob read it once. */
  private readonly computing = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
    private readonly uploads: UploadsRepository,
  ) {}

  /**
   * True when a stored blob has this GCID and size, and the content checks sent agree:
   * the block SHA-256 (Nimbus's clients since decision 0071) and/or the whole-file SHA-256
   * (older clients, decision 0009). A blob stored without the one asked (uploads leave both
   * off their path) gets it computed from its bytes now, once, and kept; a different one never matches.
   */
  async matches(gcid: string, size: number, sent: ContentChecks = {}): Promise<boolean> {
    const blob = await this.db
      .selectFrom("blobs")
      .select(["sha256", "block_sha256"])
      .where("gcid", "=", gcid)
      .where("size", "=", size)
      .executeTakeFirst();
    if (!blob) return false;
    if (sent.blockSha256) {
      const known = blob.block_sha256 ?? (await this.digestOf("block_sha256", gcid, size));
      if (known !== sent.blockSha256.toLowerCase()) return false;
    }
    if (sent.sha256) {
      const known = blob.sha256 ?? (await this.digestOf("sha256", gcid, size));
      if (known !== sent.sha256.toLowerCase()) return false;
    }
    return true;
  }

  /** The blob's SHA-256 or block SHA-256, computed from its bytes and kept; undefined when the bytes are gone. */
  digestOf(column: DigestColumn, gcid: string, size: number): Promise<string | undefined> {
    const key = `${column}:${gcid}`;
    let running = this.computing.get(key);
    if (!running) {
      running = this.computeDigest(column, gcid, size).finally(() => this.computing.delete(key));
      this.computing.set(key, running);
    }
    return running;
  }

  private async computeDigest(column: DigestColumn, gcid: string, size: number): Promise<string | undefined> {
    let stream: AsyncIterable<Buffer>;
    try {
      stream = await this.blobs.get(gcid);
    } catch (error) {
      if (error instanceof NimbusError && error.error === "not_found") return undefined;
      throw error;
    }
    const hash =
      column === "sha256" ? wholeSha256() : new BlockSha256Hasher(size, () => createHash("sha256"));
    for await (const chunk of stream) hash.update(chunk);
    const digest = hash.digest();
    await this.db
      .updateTable("blobs")
      .set({ [column]: digest })
      .where("gcid", "=", gcid)
      .where(column, "is", null)
      .execute();
    const row = await this.db.selectFrom("blobs").select(column).where("gcid", "=", gcid).executeTakeFirst();
    return row?.[column] ?? undefined;
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
    const stored = await this.matches(upload.declared_gcid, upload.size, {
      sha256: upload.declared_sha256,
      blockSha256: upload.declared_block_sha256,
    });
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
