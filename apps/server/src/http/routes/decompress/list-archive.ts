import { archiveListRequestSchema, archiveListSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `POST /decompress/v1/list`: the entries of a zip, 7z or rar archive in the caller's drive. */
export function listArchive(app: NimbusApp, { auth, archives }: Services): void {
  app.post(
    "/decompress/v1/list",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["decompress"],
        summary: "List an archive (zip, 7z, rar): names, sizes, folders, encryption",
        body: archiveListRequestSchema,
        response: { 200: archiveListSchema },
      },
    },
    async (request) => archives.list(userId(request), request.body),
  );
}
