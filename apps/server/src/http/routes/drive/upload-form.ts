import { fileSchema } from "@nimbus/protocol";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { FORM_UPLOAD_MAX_BYTES } from "../../../modules/uploads/upload-service.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** Receives the bytes of a form upload as the raw request body, streamed into the blob store. */
export function uploadForm(app: NimbusApp, { auth, uploads }: Services): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // Leave every body unread: the handler streams it instead of buffering it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    scope.put(
      "/drive/v1/upload/form/:fileId",
      {
        onRequest: requireUser(auth),
        bodyLimit: FORM_UPLOAD_MAX_BYTES,
        schema: {
          tags: ["drive"],
          summary: "Upload the bytes of a pending form-upload file (raw body)",
          params: z.object({ fileId: z.string().min(1).max(64) }),
          headers: z.object({ "x-upload-hash": z.string().max(64).optional() }),
          response: { 200: fileSchema },
        },
      },
      async (request) =>
        uploads.receiveForm(
          userId(request),
          request.params.fileId,
          request.raw,
          request.headers["x-upload-hash"],
        ),
    );
  });
}
