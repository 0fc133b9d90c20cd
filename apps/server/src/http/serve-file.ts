import type { Readable } from "node:stream";
import { NimbusError } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ByteRange } from "../blobs/blob-store.js";
import { FileReadStream } from "../blobs/file-read-stream.js";
import {
  isNotModified,
  preconditionFailed,
  rangeStillValid,
  type Validators,
} from "../modules/downloads/conditional.js";
import type { TrafficReservation } from "../modules/downloads/download-traffic.js";
import { presentationOf, SAFE_FILE_HEADERS } from "../modules/downloads/inline-policy.js";
import { contentDisposition } from "./content-disposition.js";
import { parseRange } from "./range.js";

export interface ServedFile extends Validators {
  name: string;
  size: number;
  mimeType: string;
  open(range?: ByteRange): Promise<Readable>;
  /**
   * Where the client may fetch the bytes itself (a presigned object URL answering with these
   * headers), or undefined to stream them through this node.
   */
  redirect?(response: { contentDisposition: string; contentType: string }): Promise<string | undefined>;
  /**
   * DOWNLOAD_OFFLOAD=x-accel: the URI of the bytes in nginx's `internal` location. Once every
   * check passed and the traffic is charged, the answer carries the headers and
   * `X-Accel-Redirect: <offload>`, and nginx sends the bytes (and the range) itself.
   */
  offload?: string | undefined;
}

export interface ServeOptions {
  /** Sets the bytes aside on whoever pays for them; absent: not counted (thumbnails). */
  charge?: (bytes: number) => Promise<TrafficReservation>;
  /** Asked for inline display; the inline policy decides. */
  inline: boolean;
  cacheControl?: string;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : value);

/**
 * Answers GET/HEAD for one stored file: conditional requests (412 for `If-Match` and
 * `If-Unmodified-Since`, then 304), single byte ranges (206/416, `If-Range`), RFC 6266
 * names under the inline policy, and the downloader's traffic reserved before any byte
 * and settled to what was actually sent. With `file.offload`, nginx sends the bytes.
 */
export async function serveFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServedFile,
  options: ServeOptions,
): Promise<FastifyReply> {
  const h = request.headers;
  reply
    .header("accept-ranges", "bytes")
    .header("etag", file.etag)
    .header("last-modified", new Date(file.lastModified).toUTCString())
    .header("cache-control", options.cacheControl ?? "private, max-age=3600")
    .headers(SAFE_FILE_HEADERS);
  const conditions = {
    ifMatch: header(h["if-match"]),
    ifUnmodifiedSince: h["if-unmodified-since"],
    ifNoneMatch: header(h["if-none-match"]),
    ifModifiedSince: h["if-modified-since"],
  };
  if (preconditionFailed(conditions, file)) throw new NimbusError("precondition_failed");
  if (isNotModified(conditions, file)) return reply.code(304).send();

  if (request.method !== "HEAD" && file.size > 0 && file.redirect) {
    const shown = presentationOf(file.mimeType, options.inline);
    const location = await file.redirect({
      contentDisposition: contentDisposition(shown.disposition, file.name),
      contentType: shown.contentType,
    });
    if (location) return redirectCharged(reply, location, file.size, options);
  }

  const wanted = rangeStillValid(header(h["if-range"]), file) ? parseRange(h.range, file.size) : undefined;
  if (wanted?.kind === "unsatisfiable") {
    reply.header("content-range", `bytes */${file.size}`);
    throw new NimbusError("range_not_satisfiable");
  }
  const range = wanted?.kind === "partial" ? wanted.range : undefined;
  const length = range ? range.end - range.start + 1 : file.size;
  const sending = request.method !== "HEAD" && length > 0;
  const reservation = sending ? await reserve(options, length) : undefined;

  const shown = presentationOf(file.mimeType, options.inline);
  reply
    .header("content-disposition", contentDisposition(shown.disposition, file.name))
    .header("content-length", length)
    .type(shown.contentType);
  if (range) reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
  if (!reservation) return reply.send();
  // nginx would check If-Match and If-Unmodified-Since again against its own validators
  // (and answer 412); such requests, rare for downloads, stream from this node instead.
  if (file.offload && conditions.ifMatch === undefined && conditions.ifUnmodifiedSince === undefined) {
    return offloaded(reply, file.offload, length, reservation);
  }

  let body: Readable;
  try {
    body = await file.open(range);
  } catch (error) {
    await reservation.settle(0);
    throw error;
  }
  return sendMetered(request, reply, body, length, reservation);
}

/**
 * Answers 302 to the object URL, charging the whole file now: the node never sees which
 * bytes (which range, how many retries) the client then fetches, and a URL is good for the
 * whole object until it expires, so a range asked for here is charged as the whole file.
 */
async function redirectCharged(
  reply: FastifyReply,
  location: string,
  size: number,
  options: ServeOptions,
): Promise<FastifyReply> {
  const reservation = await reserve(options, size);
  await reservation.settle(size);
  return reply
    .code(302)
    .removeHeader("etag")
    .removeHeader("last-modified")
    .removeHeader("accept-ranges")
    .header("cache-control", "no-store")
    .header("location", location)
    .send();
}

/**
 * Hands the bytes to nginx (`X-Accel-Redirect`): the answer keeps this node's headers, nginx
 * takes the status, length and `Content-Range` from the file and the client's `Range`
 * (the validators it checks `If-Range` against are these, see deploy/nginx/nimbus.conf).
 * The node never sees the bytes go, so the requested length is charged now, in full.
 */
async function offloaded(
  reply: FastifyReply,
  uri: string,
  length: number,
  reservation: TrafficReservation,
): Promise<FastifyReply> {
  await reservation.settle(length);
  return reply
    .code(200)
    .removeHeader("content-range")
    .removeHeader("content-length")
    .removeHeader("accept-ranges") // nginx adds its own
    .header("x-accel-redirect", uri)
    .send();
}

const FREE: TrafficReservation = { settle: async () => {} };

function reserve(options: ServeOptions, length: number): Promise<TrafficReservation> {
  return options.charge ? options.charge(length) : Promise.resolve(FREE);
}

/**
 * Sends `body` (`length` bytes) and settles the traffic reservation when the response
 * ends: all of it when it finished, else what reached the socket.
 *
 * The node writes the chunks itself, each after the last one's socket write completed,
 * so it knows when a chunk is free: a {@link FileReadStream} fills it again (decision
 * 0087). A body that fails before its first chunk fails the request as any other error
 * (nothing has been sent yet); after that, the response is cut.
 */
export async function sendMetered(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
  length: number,
  reservation: TrafficReservation,
): Promise<FastifyReply> {
  const chunks: AsyncIterator<Buffer> = body[Symbol.asyncIterator]();
  let first: IteratorResult<Buffer>;
  try {
    first = await chunks.next();
  } catch (error) {
    await reservation.settle(0);
    throw error;
  }
  reply.hijack();
  const raw = reply.raw;
  raw.statusCode = reply.statusCode;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) raw.setHeader(name, value);
  }
  let written = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    body.destroy();
    reservation
      .settle(raw.writableFinished ? length : written)
      .catch((error: unknown) => request.log.error({ err: error }, "traffic settle failed"));
  };
  raw.once("close", end);
  const recycle = body instanceof FileReadStream ? (chunk: Buffer) => body.release(chunk) : undefined;
  void (async () => {
    let step = first;
    while (!step.done) {
      const chunk = step.value;
      await writeChunk(raw, chunk);
      written += chunk.length;
      recycle?.(chunk);
      step = await chunks.next();
    }
    // A stored file shorter than its row says: cut the response, or the client would wait
    // for the promised Content-Length until a timeout.
    if (written !== length) throw new Error(`body ended after ${written} of ${length} bytes`);
    raw.end();
  })().catch((error: unknown) => {
    // A client that went away is no error of the body's.
    if (!raw.destroyed) request.log.error({ err: error }, "download body failed");
    raw.destroy();
    // The client may have gone while the first chunk was read, before "close" was listened for.
    if (raw.closed) end();
  });
  return reply;
}

/** Resolves once `chunk` is written to the socket; rejects when the response closes first. */
function writeChunk(raw: FastifyReply["raw"], chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const closed = () => reject(new Error("response closed"));
    raw.once("close", closed);
    raw.write(chunk, (error) => {
      raw.off("close", closed);
      if (error) reject(error);
      else resolve();
    });
  });
}
