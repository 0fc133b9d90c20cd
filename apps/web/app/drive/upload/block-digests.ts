import { gcidBlockSize, toHex } from "@nimbus/protocol";

/** Bytes read per step (whole blocks): one Blob read feeds several native digests. */
export const READ_BYTES = 8 * 1024 * 1024;

/** SHA-1 and SHA-256 digests (20 and 32 bytes each) of blocks `from`..`to - 1`, in order. */
export interface BlockDigests {
  sha1: Uint8Array;
  sha256: Uint8Array;
}

/** The blocks of a file of `size` bytes: the GCID's block size and their count. */
export function blockLayout(size: number): { blockSize: number; blocks: number } {
  const blockSize = gcidBlockSize(size);
  return { blockSize, blocks: Math.ceil(size / blockSize) };
}

/**
 * Digests blocks `from`..`to - 1` of `file` with WebCrypto (native SHA-1 and SHA-256,
 * one-shot per block), the next read in flight while a block is hashed. `onBytes` gets
 * the bytes done after every read; `cancelled` is asked before each read.
 */
export async function digestBlocks(
  subtle: SubtleCrypto,
  file: Blob,
  from: number,
  to: number,
  onBytes: (bytes: number) => void = () => {},
  cancelled: () => boolean = () => false,
): Promise<BlockDigests | undefined> {
  const { blockSize } = blockLayout(file.size);
  const count = Math.max(0, to - from);
  const sha1 = new Uint8Array(count * 20);
  const sha256 = new Uint8Array(count * 32);
  const perRead = Math.max(1, Math.floor(READ_BYTES / blockSize));
  const read = (block: number) =>
    file.slice(block * blockSize, Math.min(to, block + perRead) * blockSize).arrayBuffer();
  let next = from < to ? read(from) : undefined;
  for (let block = from; block < to; block += perRead) {
    const buffer = await (next as Promise<ArrayBuffer>);
    if (cancelled()) return undefined;
    next = block + perRead < to ? read(block + perRead) : undefined;
    const digests: Promise<void>[] = [];
    for (let start = 0, index = block - from; start < buffer.byteLength; start += blockSize, index++) {
      const bytes = new Uint8Array(buffer, start, Math.min(blockSize, buffer.byteLength - start));
      const at = index;
      digests.push(
        subtle.digest("SHA-1", bytes).then((digest) => sha1.set(new Uint8Array(digest), at * 20)),
        subtle.digest("SHA-256", bytes).then((digest) => sha256.set(new Uint8Array(digest), at * 32)),
      );
    }
    await Promise.all(digests);
    onBytes(buffer.byteLength);
  }
  return { sha1, sha256 };
}

/**
 * GCID (uppercase hex) and block SHA-256 (lowercase hex) from every block's digests,
 * in order: the outer SHA-1 and SHA-256 over them (decision 0071).
 */
export async function combineDigests(
  subtle: SubtleCrypto,
  parts: BlockDigests[],
): Promise<{ gcid: string; blockSha256: string }> {
  const join = (pick: (part: BlockDigests) => Uint8Array) => {
    const all = new Uint8Array(parts.reduce((total, part) => total + pick(part).length, 0));
    let offset = 0;
    for (const part of parts) {
      all.set(pick(part), offset);
      offset += pick(part).length;
    }
    return all;
  };
  const [gcid, blockSha256] = await Promise.all([
    subtle.digest(
      "SHA-1",
      join((part) => part.sha1),
    ),
    subtle.digest(
      "SHA-256",
      join((part) => part.sha256),
    ),
  ]);
  return { gcid: toHex(new Uint8Array(gcid)), blockSha256: toHex(new Uint8Array(blockSha256)).toLowerCase() };
}
