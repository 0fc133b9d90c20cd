import { GcidHasher, type Sha1Factory } from "./gcid.js";

/**
 * Block SHA-256, the upload's collision check beside the GCID (decision 0071): SHA-256
 * over the concatenated SHA-256 digests of the GCID's blocks (same block size), sent as
 * lowercase hex. The GCID's tree with SHA-256 in place of SHA-1, so no SHA-1 collision
 * can claim a file, while a browser hashes each block natively and in parallel
 * (WebCrypto's one-shot `digest`); a whole-file SHA-256 cannot be split that way.
 */
export class BlockSha256Hasher {
  private readonly tree: GcidHasher;

  /** `createSha256`: a fresh SHA-256 (node:crypto `createHash("sha256")` on the server). */
  constructor(totalSize: number, createSha256: Sha1Factory) {
    this.tree = new GcidHasher(totalSize, createSha256);
  }

  get bytesHashed(): number {
    return this.tree.bytesHashed;
  }

  update(chunk: Uint8Array): void {
    this.tree.update(chunk);
  }

  digest(): string {
    return this.tree.digest().toLowerCase();
  }
}

const BLOCK_SHA256_PATTERN = /^[0-9a-f]{64}$/;

export function isBlockSha256(value: unknown): value is string {
  return typeof value === "string" && BLOCK_SHA256_PATTERN.test(value);
}
