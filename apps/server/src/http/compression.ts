import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import { type ContentCoding, preferredContentCoding } from "@nimbus/protocol";
import type { FastifyReply } from "fastify";
import type { NimbusApp } from "./types.js";

/** Smaller answers cost more to compress than they save on the wire. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed on the request's own thread: a 100-item file
 * list (about 90 KB of JSON) takes 0.15 ms in gzip, less than handing it to libuv's
 * thread pool and back (the hop alone added 0.2–0.4 ms). Larger ones go to the pool so
 * the event loop never stalls for long.
 */
export const SYNC_COMPRESSION_LIMIT_BYTES = 128 * 1024;

/** Text types worth compressing; media and archives are compressed already. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i;

const brotliOptions = (body: Buffer) => ({
  params: {
    // Quality 3 for answers made per request: a 100-file list in 0.25 ms and 9.1 KB, where
    // quality 4 took 0.39 ms for 9.1 KB and quality 5 0.75 ms for 8.6 KB (bench/write-path.mjs; decision 0033).
    [constants.BROTLI_PARAM_QUALITY]: 3,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
// Level 3, not zlib's 6: for JSON made per request, 4–5% more bytes at a third of the CPU.
const GZIP_OPTIONS = { level: 3 };

const encoders: Record<ContentCoding, (body: Buffer) => Buffer | Promise<Buffer>> = {
  br: (body) =>
    body.length <= SYNC_COMPRESSION_LIMIT_BYTES
      ? brotliCompressSync(body, brotliOptions(body))
      : promisify(brotliCompress)(body, brotliOptions(body)),
  gzip: (body) =>
    body.length <= SYNC_COMPRESSION_LIMIT_BYTES
      ? gzipSync(body, GZIP_OPTIONS)
      : promisify(gzip)(body, GZIP_OPTIONS),
};

/**
 * Compresses answers the server builds in memory (JSON, the OpenAPI document, small
 * texts) by content negotiation. Streams are never touched: file downloads and ranges
 * go out as stored, so their lengths, ranges and validators stay true. Pages are
 * compressed where they are rendered (the web app's entry.server); hashed assets are
 * compressed at build time and served as stored.
 */
export function installCompression(app: NimbusApp): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (request.method === "HEAD" || reply.hasHeader("content-encoding")) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 206 || reply.statusCode === 304) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return payload;
    const body = typeof payload === "string" ? Buffer.from(payload) : payload;
    if (body.length < COMPRESSION_THRESHOLD_BYTES) return payload;
    addVary(reply, "Accept-Encoding");
    const coding = preferredContentCoding(request.headers["accept-encoding"]);
    if (!coding) return payload;
    const compressed = await encoders[coding](body);
    reply.header("content-encoding", coding);
    reply.removeHeader("content-length");
    return compressed;
  });
}

function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader("vary") ?? "");
  const fields = current.split(",").map((name) => name.trim().toLowerCase());
  if (fields.includes(field.toLowerCase()) || fields.includes("*")) return;
  reply.header("vary", current ? `${current}, ${field}` : field);
}
