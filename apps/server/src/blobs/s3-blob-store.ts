import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { isGcid, NimbusError } from "@nimbus/protocol";
import {
  assertBlobKey,
  assertBlobSize,
  assertRangeInside,
  assertRangeShape,
  BlobDigestStream,
  type BlobStore,
  type ByteRange,
  blobNotFound,
  cancelledError,
  type PutOptions,
  type PutResult,
  putFailure,
} from "./blob-store.js";
import { copyObject } from "./s3-copy.js";
import { S3UploadBytes } from "./s3-upload-bytes.js";

export interface S3BlobStoreOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. "nimbus/"; a missing trailing slash is added. */
  prefix?: string;
  /** Hand out presigned GET URLs valid this long (`downloadUrl`); unset: none. */
  presignedDownloadSeconds?: number;
}

const MiB = 1024 * 1024;
const UPLOAD_PART_SIZE = 8 * MiB;
const UPLOAD_QUEUE_SIZE = 4;

/**
 * Blobs in an S3 bucket at `<prefix>blobs/<GCID>`. The GCID is only known once every
 * byte went through, so uploads go to `<prefix>tmp/<uuid>` and are then copied
 * server-side to their final key (skipped when that key already exists).
 */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly presignedDownloadSeconds: number | undefined;

  constructor(options: S3BlobStoreOptions) {
    this.presignedDownloadSeconds = options.presignedDownloadSeconds;
    const { accessKeyId, secretAccessKey } = options;
    this.bucket = options.bucket;
    this.prefix = options.prefix ? options.prefix.replace(/\/*$/, "/") : "";
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
      // Many S3-compatible servers reject the CRC trailers the SDK sends by default.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(source: AsyncIterable<Uint8Array>, options: PutOptions): Promise<PutResult> {
    assertBlobSize(options.size);
    const { signal } = options;
    if (signal?.aborted) throw cancelledError(signal);
    const tempKey = `${this.prefix}tmp/${randomUUID()}`;
    const digest = new BlobDigestStream(options.size);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: tempKey, Body: digest },
      partSize: UPLOAD_PART_SIZE,
      queueSize: UPLOAD_QUEUE_SIZE,
    });
    try {
      // A failed upload stops reading, so the digest must fail too or the pipeline would stall.
      const uploaded = upload.done().catch((error: unknown) => {
        digest.destroy(error as Error);
        throw error;
      });
      // Waiting for both makes sure no part is still in flight when the temp object is deleted.
      const [piped, stored] = await Promise.allSettled([
        pipeline(source, digest, signal ? { signal } : {}),
        uploaded,
      ]);
      if (piped.status === "rejected") throw piped.reason;
      if (stored.status === "rejected") throw stored.reason;
      if (signal?.aborted) throw cancelledError(signal);
      const result = digest.result;
      return { ...result, created: await this.publish(tempKey, result) };
    } catch (error) {
      throw putFailure(error, signal);
    } finally {
      // A failed delete must not fail the put; cleanTemp sweeps what is left.
      await this.deleteObject(tempKey).catch(() => {});
    }
  }

  async downloadUrl(
    key: string,
    response: { contentDisposition: string; contentType: string },
  ): Promise<string | undefined> {
    if (!this.presignedDownloadSeconds) return undefined;
    assertBlobKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.blobKey(key),
      ResponseContentDisposition: response.contentDisposition,
      ResponseContentType: response.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: this.presignedDownloadSeconds });
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertBlobKey(key);
    if (range) assertRangeShape(range);
    const request = { Bucket: this.bucket, Key: this.blobKey(key) };
    const response = await this.client
      .send(
        new GetObjectCommand(range ? { ...request, Range: `bytes=${range.start}-${range.end}` } : request),
      )
      .catch((error: unknown) => {
        const status = httpStatus(error);
        if (status === 404 && errorName(error) !== "NoSuchBucket") throw blobNotFound(key, error);
        if (status === 416) {
          throw new NimbusError("range_not_satisfiable", "The range is outside the blob", { cause: error });
        }
        throw error;
      });
    const body = response.Body as Readable;
    if (!range) return body;
    try {
      return rangeOf(body, range, response.ContentRange, response.ContentLength);
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  uploadBytes(): S3UploadBytes {
    return new S3UploadBytes(this.client, this.bucket, this.prefix);
  }

  async head(key: string): Promise<{ key: string; size: number } | undefined> {
    assertBlobKey(key);
    const response = await this.headObject(this.blobKey(key));
    return response && { key, size: response.size };
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.deleteObject(this.blobKey(key));
  }

  async *list(): AsyncIterable<string> {
    const prefix = `${this.prefix}blobs/`;
    for await (const object of this.listObjects(prefix)) {
      const key = object.key.slice(prefix.length);
      if (isGcid(key)) yield key;
    }
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  /**
   * Removes temp objects left by crashed uploads, and aborts their unfinished
   * multipart uploads (whose parts are stored, and billed, until aborted) where
   * the server can list them; returns how many objects were removed.
   */
  async cleanTemp(olderThanMs: number): Promise<number> {
    const cutoff = (await this.bucketNow()) - olderThanMs;
    let removed = 0;
    for await (const object of this.listObjects(`${this.prefix}tmp/`)) {
      // Bucket times are whole seconds: an object of the cutoff's own second is as old as it.
      if (object.modified <= cutoff) {
        await this.deleteObject(object.key);
        removed++;
      }
    }
    // A node that died mid-PATCH leaves the multipart upload of that piece behind.
    await this.abortStaleMultipartUploads(`${this.prefix}tmp/`, cutoff);
    await this.abortStaleMultipartUploads(`${this.prefix}uploads/`, cutoff);
    return removed;
  }

  private async abortStaleMultipartUploads(prefix: string, cutoff: number): Promise<void> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({
            Bucket: this.bucket,
            Prefix: prefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch (error) {
        // Some S3-compatible servers cannot list multipart uploads: nothing to abort then.
        if (isUnsupported(error)) return;
        throw error;
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) >= cutoff) continue;
        await this.client.send(
          new AbortMultipartUploadCommand({
            Bucket: this.bucket,
            Key: upload.Key,
            UploadId: upload.UploadId,
          }),
        );
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }

  private blobKey(key: string): string {
    return `${this.prefix}blobs/${key}`;
  }

  private async publish(tempKey: string, blob: Omit<PutResult, "created">): Promise<boolean> {
    const finalKey = this.blobKey(blob.key);
    if (await this.headObject(finalKey)) return false;
    await copyObject(
      this.client,
      { bucket: this.bucket, sourceKey: tempKey, targetKey: finalKey },
      blob.size,
    );
    return true;
  }

  private async headObject(objectKey: string): Promise<{ size: number } | undefined> {
    try {
      const response = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return { size: response.ContentLength ?? 0 };
    } catch (error) {
      if (httpStatus(error) === 404) return undefined;
      throw error;
    }
  }

  /**
   * Now on the bucket's clock: the S3 server stamps objects with its own time, which may
   * differ from this node's, so temp ages are measured against a probe object's
   * LastModified (this node's clock when the probe fails).
   */
  private async bucketNow(): Promise<number> {
    const probe = `${this.prefix}tmp/.nimbus-clock-${randomUUID()}`;
    try {
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: probe, Body: "" }));
      // Read as the sweep reads the objects it ages (a listing), at the same precision.
      for await (const object of this.listObjects(probe)) if (object.key === probe) return object.modified;
      return Date.now();
    } catch {
      return Date.now();
    } finally {
      await this.deleteObject(probe).catch(() => {});
    }
  }

  private async deleteObject(objectKey: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
  }

  private async *listObjects(prefix: string): AsyncIterable<{ key: string; modified: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modified: object.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/**
 * The requested range out of a ranged GET answer. S3 answers exactly the range; some
 * compatible servers answer more (s3rver reads `bytes=0-0` as `bytes=0-`, others ignore
 * Range), so a wider answer is cut down rather than passed on.
 */
function rangeOf(body: Readable, range: ByteRange, contentRange?: string, contentLength?: number): Readable {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange ?? "");
  const [start, end, size] = match
    ? [Number(match[1]), Number(match[2]), Number(match[3])]
    : [0, (contentLength ?? 0) - 1, contentLength ?? 0];
  assertRangeInside(range, size);
  if (start === range.start && end === range.end) return body;
  if (start > range.start || end < range.end) {
    throw new NimbusError("internal", `Asked S3 for bytes ${range.start}-${range.end}, got ${contentRange}`);
  }
  return Readable.from(slice(body, range.start - start, range.end - range.start + 1), { objectMode: false });
}

async function* slice(body: Readable, skip: number, length: number): AsyncGenerator<Buffer> {
  let position = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const from = Math.max(0, skip - position);
    const to = Math.min(chunk.length, skip + length - position);
    position += chunk.length;
    if (to > from) yield chunk.subarray(from, to);
    if (position >= skip + length) return;
  }
}

function httpStatus(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

function isUnsupported(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 501 || status === 405 || errorName(error) === "NotImplemented";
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}
