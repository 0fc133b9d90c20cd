import type { BlobStore } from "./blob-store.js";
import { LocalBlobStore } from "./local-blob-store.js";
import type { S3BlobStoreOptions } from "./s3-blob-store.js";

export type { BlobStore, ByteRange, PutOptions, PutResult } from "./blob-store.js";
export { LocalBlobStore } from "./local-blob-store.js";
export type { S3BlobStoreOptions } from "./s3-blob-store.js";

export type BlobStoreConfig = { kind: "local"; dir: string } | ({ kind: "s3" } & S3BlobStoreOptions);

export async function createBlobStore(config: BlobStoreConfig): Promise<BlobStore> {
  if (config.kind === "local") return new LocalBlobStore(config.dir);
  // Loaded on demand: the AWS SDK costs start-up time that local mode should not pay.
  const { S3BlobStore } = await import("./s3-blob-store.js");
  return new S3BlobStore(config);
}
