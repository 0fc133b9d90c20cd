import { batchResultSchema } from "@nimbus/protocol";
import { doneBatch } from "../../../modules/files/file-operations.js";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function emptyTrash(app: NimbusApp, { auth, operations }: Services): void {
  app.patch(
    "/drive/v1/files/trash::empty",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "Empty the trash",
        description: "Deletes everything in the trash for good and releases its storage.",
        response: { 200: batchResultSchema },
      },
    },
    async (request) => {
      await operations.emptyTrash(userId(request));
      return doneBatch();
    },
  );
}
