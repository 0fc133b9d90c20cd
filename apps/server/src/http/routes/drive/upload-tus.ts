import { endpoints, NimbusError } from "@nimbus/protocol";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { UploadRow } from "../../../modules/uploads/uploads-repository.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { withUnreadBodies } from "../../plugins/unread-bodies.js";
import type { NimbusApp } from "../../types.js";

const TUS_VERSION = "1.0.0";
const PATCH_TYPE = "application/offset+octet-stream";
/** What a page on another origin may read of a tus answer (tus over CORS). */
const EXPOSED_HEADERS = [
  "Location",
  "Tus-Resumable",
  "Tus-Version",
  "Tus-Extension",
  "Tus-Max-Size",
  "Upload-Offset",
  "Upload-Length",
  "Upload-Metadata",
  "X-Request-Id",
].join(", ");

/**
 * The tus 1.0 mount. Bodies are never parsed: PATCH bytes go from the socket
 * through @tus/server to DATA_DIR/uploads. Every request but OPTIONS needs the
 * owner's Bearer token; another user's upload is `upload_not_found`. Uploads are
 * created by `POST /drive/v1/files`; POST here only locates one (by `upload_id`
 * metadata) for clients that always create.
 */
export function uploadTus(app: NimbusApp, { uploads }: Services): void {
  const { resumable } = uploads;
  app.addHook("onClose", async () => {
    await resumable.close();
  });
  withUnreadBodies(app, (scope) => {
    allowOtherOrigins(scope);
    route(
      scope,
      endpoints.drive.tusLocate,
      {
        schema: {
          tags: ["drive"],
          summary: "tus creation: locate the upload started by POST /drive/v1/files",
          description:
            "`Upload-Metadata: upload_id <base64>` and `Upload-Length` equal to the declared size.",
        },
      },
      async (request, reply) => {
        if (!speaksTus(request)) return unsupportedVersion(request, reply);
        const url = await resumable.locate(
          userId(request),
          request.headers["upload-metadata"],
          request.headers["upload-length"],
        );
        return reply.code(201).header("tus-resumable", TUS_VERSION).header("location", url).send();
      },
    );

    route(
      scope,
      endpoints.drive.tusUpload,
      {
        schema: {
          tags: ["drive"],
          summary: "tus: offset of an upload (HEAD) or its next bytes (PATCH)",
          description:
            "tus 1.0 core protocol (`Tus-Resumable: 1.0.0`, `Upload-Offset`, " +
            "`Content-Type: application/offset+octet-stream`). The last PATCH answers once the " +
            "file is complete, or `file_hash_mismatch` when its bytes differ from the declared hash.",
        },
      },
      async (request, reply) => {
        if (!speaksTus(request)) return unsupportedVersion(request, reply);
        const patch = request.method === "PATCH";
        if (patch && request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() !== PATCH_TYPE) {
          throw new NimbusError("unsupported_media_type", `a tus PATCH body is ${PATCH_TYPE}`, {
            metadata: { field: "content-type" },
          });
        }
        const upload = await resumable.authorize(userId(request), request.params.uploadId);
        if (upload.state === "failed") {
          throw new NimbusError("file_hash_mismatch", "the upload's bytes were refused");
        }
        const state = patch ? upload.state : await resumable.settleIfReceived(upload);
        if (state === "complete") {
          // Every byte is there: only a PATCH at the end (a retried last one) is answered as done.
          if (patch && request.headers["upload-offset"] !== String(upload.size))
            return offsetConflict(request, reply, upload);
          return finished(reply, upload, patch ? 204 : 200);
        }
        const answer = await resumable.handle(request.raw, reply.raw);
        reply.code(answer.status);
        for (const [name, value] of answer.headers) {
          if (name !== "content-length") reply.header(name, value);
        }
        const text = await answer.text();
        return reply.send(text.length > 0 ? text : undefined);
      },
    );

    route(
      scope,
      endpoints.drive.tusCancel,
      {
        schema: {
          tags: ["drive"],
          summary: "tus termination: cancel an upload (bytes, pending file and reservation)",
        },
      },
      async (request, reply) => {
        if (!speaksTus(request)) return unsupportedVersion(request, reply);
        await resumable.cancel(await resumable.authorize(userId(request), request.params.uploadId));
        return reply.code(204).header("tus-resumable", TUS_VERSION).send();
      },
    );
  });
}

/**
 * The tus capabilities (OPTIONS) at the creation URL and at every upload URL, where a browser
 * on another origin sends its CORS preflight before HEAD and PATCH: public, no token needed.
 */
export function uploadTusCapabilities(app: NimbusApp, { uploads }: Services): void {
  const { resumable } = uploads;
  const capabilities = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await resumable.handle(request.raw, reply.raw);
    reply.code(answer.status);
    for (const [name, value] of answer.headers) reply.header(name, value);
    return reply.send();
  };
  withUnreadBodies(app, (scope) => {
    allowOtherOrigins(scope);
    route(
      scope,
      endpoints.drive.tusCapabilities,
      { schema: { tags: ["drive"], summary: "tus: server capabilities (no token needed)" } },
      capabilities,
    );
    route(
      scope,
      endpoints.drive.tusUploadCapabilities,
      {
        schema: {
          tags: ["drive"],
          summary: "tus: capabilities at an upload URL, the CORS preflight of HEAD and PATCH",
        },
      },
      capabilities,
    );
  });
}

/**
 * Pages on any origin may call tus, as @tus/server allows by default: every request carries
 * its Bearer token, never a cookie, so no credentials are allowed (decision 0064). Errors
 * answered by the error handler carry the headers too, so a browser can read them.
 */
function allowOtherOrigins(scope: NimbusApp): void {
  scope.addHook("onSend", async (request, reply, payload) => {
    if (request.headers.origin !== undefined) {
      reply.header("access-control-allow-origin", "*");
      reply.header("access-control-expose-headers", EXPOSED_HEADERS);
    }
    return payload;
  });
}

/** tus 1.0: every request but OPTIONS names the protocol version it speaks. */
function speaksTus(request: FastifyRequest): boolean {
  return request.headers["tus-resumable"] === TUS_VERSION;
}

/** A missing or other `Tus-Resumable`: 412 with the versions this server speaks (tus 1.0 §2.2). */
function unsupportedVersion(request: FastifyRequest, reply: FastifyReply) {
  return unreadBodyCloses(request, reply)
    .code(412)
    .header("tus-resumable", TUS_VERSION)
    .header("tus-version", TUS_VERSION)
    .type("text/plain; charset=utf-8")
    .send(`Tus-Resumable ${TUS_VERSION} required\n`);
}

/** A PATCH elsewhere than the end of a finished upload: tus's offset conflict, with the real offset. */
function offsetConflict(request: FastifyRequest, reply: FastifyReply, upload: UploadRow) {
  return unreadBodyCloses(request, reply)
    .code(409)
    .header("tus-resumable", TUS_VERSION)
    .header("upload-offset", String(upload.size))
    .header("cache-control", "no-store")
    .type("text/plain; charset=utf-8")
    .send("Upload-Offset conflict: the upload is complete\n");
}

/** A finished upload resumed by a client: every byte is there. */
function finished(reply: FastifyReply, upload: UploadRow, status: number) {
  return reply
    .code(status)
    .header("tus-resumable", TUS_VERSION)
    .header("upload-offset", String(upload.size))
    .header("upload-length", String(upload.size))
    .header("cache-control", "no-store")
    .send();
}

/** A refused PATCH's body is never read: the connection closes after the answer instead of taking it. */
function unreadBodyCloses(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return request.raw.complete === false ? reply.header("connection", "close") : reply;
}
