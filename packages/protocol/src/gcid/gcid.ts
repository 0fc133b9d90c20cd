import { NimbusError } from "../errors/nimbus-error.js";

/**
 * GCID, the content id used for dedup and instant upload: SHA-1 over the
 * concatenated SHA-1 digests of fixed-size blocks, sent as uppercase hex.
 * Isomorphic: the SHA-1 implementation is injected (node:crypto on the server,
 * a wasm or JS implementation in a browser worker).
 */
export interface Sha1 {
  update(data: Uint8Array): void;
  digest(): Uint8Array;
}

export type Sha1Factory = () => Sha1;

const MIN_BLOCK_SIZE = 256 * 1024;
const MAX_BLOCK_SIZE = 2 * 1024 * 1024;
const MAX_BLOCKS = 512;
const GCID_PATTERN = /^[0-9A-F]{40}$/;

/** 256 KiB, doubled while the file would need more than 512 blocks, capped at 2 MiB. */
export function gcidBlockSize(size: number): number {
  let block = MIN_BLOCK_SIZE;
  while (size / block > MAX_BLOCKS && block < MAX_BLOCK_SIZE) block *= 2;
  return block;
}

export function isGcid(value: unknown): value is string {
  return typeof value === "string" && GCID_PATTERN.test(value);
}

/** Uppercase hex, the spelling GCIDs travel in. */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex.toUpperCase();
}

/** Computes a GCID from chunks of any size and alignment, in one pass. */
export class GcidHasher {
  readonly totalSize: number;
  readonly blockSize: number;
  private readonly createSha1: Sha1Factory;
  private readonly outer: Sha1;
  private block: Sha1;
  private bytesInBlock = 0;
  private bytesSeen = 0;
  private finished = false;

  constructor(totalSize: number, createSha1: Sha1Factory) {
    if (!Number.isSafeInteger(totalSize) || totalSize < 0) {
      throw new NimbusError("invalid_argument", `GCID size must be a non-negative integer, got ${totalSize}`);
    }
    this.totalSize = totalSize;
    this.blockSize = gcidBlockSize(totalSize);
    this.createSha1 = createSha1;
    this.outer = createSha1();
    this.block = createSha1();
  }

  /** Bytes fed so far. */
  get bytesHashed(): number {
    return this.bytesSeen;
  }

  update(chunk: Uint8Array): void {
    this.assertOpen();
    if (this.bytesSeen + chunk.length > this.totalSize) {
      throw this.sizeMismatch(this.bytesSeen + chunk.length);
    }
    this.bytesSeen += chunk.length;
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(this.blockSize - this.bytesInBlock, chunk.length - offset);
      this.block.update(chunk.subarray(offset, offset + take));
      offset += take;
      this.bytesInBlock += take;
      if (this.bytesInBlock === this.blockSize) this.finishBlock();
    }
  }

  digest(): string {
    this.assertOpen();
    if (this.bytesSeen !== this.totalSize) throw this.sizeMismatch(this.bytesSeen);
    this.finished = true;
    if (this.bytesInBlock > 0) this.outer.update(this.block.digest());
    return toHex(this.outer.digest());
  }

  private finishBlock(): void {
    this.outer.update(this.block.digest());
    this.block = this.createSha1();
    this.bytesInBlock = 0;
  }

  private assertOpen(): void {
    if (this.finished) throw new NimbusError("internal", "GcidHasher used after digest()");
  }

  private sizeMismatch(actual: number): NimbusError {
    return new NimbusError(
      "file_size_mismatch",
      `Expected ${this.totalSize} bytes, got ${actual > this.totalSize ? `at least ${actual}` : actual}`,
      { metadata: { expected: String(this.totalSize), actual: String(actual) } },
    );
  }
}
