import { GcidHasher, type Sha1 } from "@nimbus/protocol";

/** What the GCID needs of a SHA-1 implementation that can be reset (hash-wasm's `IHasher`). */
export interface ResettableSha1 {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(outputType: "binary"): Uint8Array;
}

function asSha1(hasher: ResettableSha1): Sha1 {
  hasher.init();
  return {
    update: (data) => {
      hasher.update(data);
    },
    digest: () => hasher.digest("binary"),
  };
}

/**
 * The protocol's streaming `GcidHasher` over two resettable SHA-1 instances: hash-wasm
 * creates hashers asynchronously, while `GcidHasher` asks for a fresh one per block,
 * synchronously. It asks for the outer hash first, then one block hash at a time, each
 * only after the previous block's digest, so one instance reset per block is enough.
 */
export function createGcidHasher(size: number, outer: ResettableSha1, block: ResettableSha1): GcidHasher {
  let created = 0;
  return new GcidHasher(size, () => asSha1(created++ === 0 ? outer : block));
}
