import { Readable, Transform, type TransformCallback } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { UploadBytes } from "./upload-bytes.js";

const MiB = 1024 * 1024;
const PART_SIZE = 8 * MiB;
/** Offsets in object keys are zero-padded, so keys sort in byte order. */
const OFFSET_DIGITS = 16;
const UPLOAD_ID = /^[0-9A-Za-z_-]{1,64}$/;

interface Piece {
  key: string;
  offset: number;
  size: number;
  modified: number;
}

/**
 * Unfinished uploads in the bucket: every PATCH body is one object at
 * `<prefix>uploads/<upload id>/<offset>`, so a PATCH may land on any node and a
 * node that dies mid-PATCH loses only that PATCH (its object is never completed).
 * The offset is the end of the run of pieces that follow one another from 0; a
 * piece of a PATCH that raced another at the same offset is overwritten or ignored.
 */
export class S3UploadBytes implements UploadBytes {
  readonly shared = true;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Already ends in "/" (or is empty). */
    private readonly prefix: string,
  ) {}

  async create(id: string): Promise<void> {
    if ((await this.pieces(id)).length > 0) return;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.pieceKey(id, 0), Body: Buffer.alloc(0) }),
    );
  }

  async write(readable: Readable, id: string, offset: number, _size?: number): Promise<number> {
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    readable.once("error", (error) => counted.destroy(error));
    readable.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.pieceKey(id, offset), Body: counted },
      partSize: PART_SIZE,
      queueSize: 2,
    });
    await upload.done();
    return offset + received;
  }

  async offsetOf(id: string): Promise<number | undefined> {
    const pieces = await this.pieces(id);
    return pieces.length === 0 ? undefined : contiguous(pieces).reduce((end, p) => end + p.size, 0);
  }

  readAll(id: string): Readable {
    const pieces = () => this.pieces(id);
    const client = this.client;
    const bucket = this.bucket;
    async function* bytes(): AsyncGenerator<Buffer> {
      for (const piece of contiguous(await pieces())) {
        if (piece.size === 0) continue;
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: piece.key }));
        yield* answer.Body as AsyncIterable<Buffer>;
      }
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async discard(id: string): Promise<void> {
    for (const piece of await this.pieces(id)) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: piece.key }));
    }
  }

  async ids(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const key of this.keys(this.root())) {
      const id = key.slice(this.root().length).split("/")[0];
      if (id && UPLOAD_ID.test(id)) ids.add(id);
    }
    return [...ids];
  }

  async modifiedAt(id: string): Promise<number | undefined> {
    const pieces = await this.pieces(id);
    return pieces.length === 0 ? undefined : Math.max(...pieces.map((p) => p.modified));
  }

  private root(): string {
    return `${this.prefix}uploads/`;
  }

  private pieceKey(id: string, offset: number): string {
    if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
    return `${this.root()}${id}/${String(offset).padStart(OFFSET_DIGITS, "0")}`;
  }

  /** The upload's pieces in offset order. */
  private async pieces(id: string): Promise<Piece[]> {
    const folder = `${this.root()}${id}/`;
    if (!UPLOAD_ID.test(id)) throw new Error(`not an upload id: ${id}`);
    const pieces: Piece[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(folder.length) ?? "";
        if (!/^\d+$/.test(name)) continue;
        pieces.push({
          key: object.Key as string,
          offset: Number(name),
          size: object.Size ?? 0,
          modified: object.LastModified?.getTime() ?? 0,
        });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return pieces.sort((x, y) => x.offset - y.offset);
  }

  private async *keys(prefix: string): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The pieces that follow one another from offset 0 (a piece left by a lost race is skipped). */
function contiguous(pieces: Piece[]): Piece[] {
  const run: Piece[] = [];
  let end = 0;
  for (const piece of pieces) {
    if (piece.offset !== end) continue;
    run.push(piece);
    end += piece.size;
  }
  return run;
}
