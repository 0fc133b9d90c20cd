import { createFileRequestSchema, createFileResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function createFile(app: NimbusApp, { auth, files }: Services): void {
  app.post(
    "/drive/v1/files",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "Create a folder, or start a form upload of a small file",
        description:
          "A folder is created at once. A file answers with a `form` naming the URL to PUT its bytes to; " +
          "the file completes when they arrive. Taken names become `name (1).ext`.",
        body: createFileRequestSchema,
        response: { 200: createFileResponseSchema },
      },
    },
    async (request) => {
      const created = await files.create(userId(request), request.body);
      return {
        upload_type: created.form ? "UPLOAD_TYPE_FORM" : "",
        file: created.file,
        ...(created.form && {
          form: {
            kind: "drive#form" as const,
            url: created.form.url,
            method: "PUT" as const,
            headers: { "content-type": "application/octet-stream" },
            max_size: String(created.form.maxSize),
          },
        }),
        task: null,
      };
    },
  );
}
