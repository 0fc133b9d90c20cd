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
 * Reads kept in flight, and reads whose digests may still be queued, per worker. Chromium runs
 * every `crypto.subtle.digest` of a page on one WebCrypto thread (two workers hashing only were no
 * faster than one): the pipeline keeps that thread fed while the next reads cross over from the
 * browser process, instead of waiting for each read's digests before asking for more bytes.
 */
const READS_AHEAD = 2;
const DIGESTS_AHEAD = 2;

/**
 * Digests blocks `from`..`to - 1` of `file` with WebCrypto (native SHA-1 and SHA-256,
 * one-shot per block): up to `READS_AHEAD` reads in flight and the digests of up to
 * `DIGESTS_AHEAD` reads queued behind them (about 32 MiB held). `onBytes` gets the bytes of
 * each read once digested; `cancelled` is asked as each read arrives.
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
  const reads: Array<{ block: number; bytes: Promise<ArrayBuffer> }> = [];
  let nextRead = from;
  const readAhead = () => {
    while (reads.length < READS_AHEAD && nextRead < to) {
      const end = Math.min(to, nextRead + perRead);
      reads.push({ block: nextRead, bytes: file.slice(nextRead * blockSize, end * blockSize).arrayBuffer() });
      nextRead = end;
    }
  };
  const digesting: Promise<void>[] = [];
  try {
    readAhead();
    for (let read = reads.shift(); read; read = reads.shift()) {
      const buffer = await read.bytes;
      if (cancelled()) return undefined;
      readAhead();
      const digests: Promise<void>[] = [];
      for (let start = 0, at = read.block - from; start < buffer.byteLength; start += blockSize, at++) {
        const bytes = new Uint8Array(buffer, start, Math.min(blockSize, buffer.byteLength - start));
        const index = at;
        digests.push(
          subtle.digest("SHA-1", bytes).then((digest) => sha1.set(new Uint8Array(digest), index * 20)),
          subtle.digest("SHA-256", bytes).then((digest) => sha256.set(new Uint8Array(digest), index * 32)),
        );
      }
      digesting.push(Promise.all(digests).then(() => onBytes(buffer.byteLength)));
      if (digesting.length >= DIGESTS_AHEAD) await digesting.shift();
    }
    await Promise.all(digesting);
  } finally {
    // A failed or cancelled run leaves no read or digest rejecting unobserved.
    for (const pending of [...reads.map((r) => r.bytes), ...digesting]) pending.catch(() => undefined);
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
