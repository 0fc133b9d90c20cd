import { endpoints, NimbusError } from "@nimbus/protocol";
import type { FastifyReply } from "fastify";
import type { UploadRow } from "../../../modules/uploads/uploads-repository.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { withUnreadBodies } from "../../plugins/unread-bodies.js";
import type { NimbusApp } from "../../types.js";

const TUS_VERSION = "1.0.0";

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
        const upload = await resumable.authorize(userId(request), request.params.uploadId);
        if (upload.state === "failed") {
          throw new NimbusError("file_hash_mismatch", "the upload's bytes were refused");
        }
        const state = request.method === "HEAD" ? await resumable.settleIfReceived(upload) : upload.state;
        if (state === "complete") return finished(reply, upload, request.method === "HEAD" ? 200 : 204);
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
        await resumable.cancel(await resumable.authorize(userId(request), request.params.uploadId));
        return reply.code(204).header("tus-resumable", TUS_VERSION).send();
      },
    );
  });
}

/** The tus capabilities (OPTIONS): public, no token needed. */
export function uploadTusCapabilities(app: NimbusApp, { uploads }: Services): void {
  const { resumable } = uploads;
  withUnreadBodies(app, (scope) => {
    route(
      scope,
      endpoints.drive.tusCapabilities,
      {
        schema: { tags: ["drive"], summary: "tus: server capabilities (no token needed)" },
      },
      async (request, reply) => {
        const answer = await resumable.handle(request.raw, reply.raw);
        reply.code(answer.status);
        for (const [name, value] of answer.headers) reply.header(name, value);
        return reply.send();
      },
    );
  });
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
