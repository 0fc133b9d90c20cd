import { NimbusError } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { contentDisposition } from "../../content-disposition.js";
import { parseRange } from "../../range.js";
import type { NimbusApp } from "../../types.js";

/**
 * Serves a file's bytes behind a signed link: no cookie or token needed, with
 * `Range`, `ETag`/`If-None-Match` and RFC 6266 names. Always an attachment: the
 * inline preview policy arrives with previews.
 */
export function download(app: NimbusApp, { files, links, clock }: Services): void {
  app.route({
    method: ["GET", "HEAD"],
    url: "/drive/v1/download/:fileId",
    schema: {
      tags: ["drive"],
      summary: "Download through a signed link (from a file's web_content_link)",
      params: z.object({ fileId: z.string().min(1).max(64) }),
      querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(128).optional() }),
    },
    handler: async (request, reply) => {
      const { fileId } = request.params;
      links.verify(fileId, request.query.expires, request.query.sig, clock.now());
      const { file, open } = await files.openDownload(fileId);
      const etag = `"${file.blob_gcid}"`;
      reply
        .header("accept-ranges", "bytes")
        .header("etag", etag)
        .header("last-modified", new Date(file.modified_at).toUTCString())
        .header("cache-control", "private, max-age=3600")
        .header("content-disposition", contentDisposition("attachment", file.name))
        .header("x-content-type-options", "nosniff")
        .type(file.mime_type || "application/octet-stream");
      if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();

      const wanted = parseRange(request.headers.range, file.size);
      if (wanted.kind === "unsatisfiable") {
        reply.header("content-range", `bytes */${file.size}`);
        throw new NimbusError("range_not_satisfiable");
      }
      const range = wanted.kind === "partial" ? wanted.range : undefined;
      const length = range ? range.end - range.start + 1 : file.size;
      reply.header("content-length", length);
      if (range) reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${file.size}`);
      if (request.method === "HEAD" || length === 0) return reply.send();
      return reply.send(await open(range));
    },
  });
}
