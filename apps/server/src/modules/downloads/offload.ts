import type { BlobStore } from "../../blobs/blob-store.js";
import type { Config } from "../../config/config.js";

/**
 * The `X-Accel-Redirect` URI of a blob when downloads are offloaded to nginx
 * (DOWNLOAD_OFFLOAD=x-accel, decision 0066): `<prefix><AB/CD/GCID>`, the blob's
 * path under `DATA_DIR/blobs` behind the `internal` location. Undefined when
 * offload is off, the store is not a local directory (S3 keeps its presigned
 * redirects) or the file has no blob.
 */
export function offloadUri(
  config: Pick<Config, "downloadOffload">,
  blobs: Pick<BlobStore, "relativePath">,
  gcid: string | null | undefined,
): string | undefined {
  if (!config.downloadOffload || !blobs.relativePath || !gcid) return undefined;
  return `${config.downloadOffload.prefix}${blobs.relativePath(gcid)}`;
}
