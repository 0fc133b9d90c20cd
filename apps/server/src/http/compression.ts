import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { type ContentCoding, preferredContentCoding } from "@nimbus/protocol";
import type { FastifyReply } from "fastify";
import type { NimbusApp } from "./types.js";

/** Smaller answers cost more to compress than they save on the wire. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Text types worth compressing; media and archives are compressed already. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|[\w.+-]+\+json|[\w.+-]+\+xml)|image\/svg\+xml)/i;

const encoders: Record<ContentCoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5: most of brotli's gain at a small fraction of its top-quality cost, per answer.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body),
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
