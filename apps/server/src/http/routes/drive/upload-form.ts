import { endpoints } from "@nimbus/protocol";
import { FORM_UPLOAD_MAX_BYTES } from "../../../modules/uploads/upload-service.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { withUnreadBodies } from "../../plugins/unread-bodies.js";
import type { NimbusApp } from "../../types.js";

/** Receives the bytes of a form upload as the raw request body, streamed into the blob store. */
export function uploadForm(app: NimbusApp, { uploads }: Services): void {
  withUnreadBodies(app, (scope) => {
    route(
      scope,
      endpoints.drive.uploadForm,
      {
        bodyLimit: FORM_UPLOAD_MAX_BYTES,
        schema: {
          tags: ["drive"],
          summary: "Upload the bytes of a pending form-upload file (raw body)",
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
