import { fileSchema, renameFileRequestSchema } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function renameFile(app: NimbusApp, { auth, files, operations }: Services): void {
  app.patch(
    "/drive/v1/files/:id",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "Rename a file or folder",
        description:
          "A name taken in the folder becomes `name (n).ext`, unless `on_conflict` is `fail` " +
          "(then `file_name_conflict`). Names with `/`, `\\`, control characters, `.`/`..`, " +
          "empty or over 255 UTF-8 bytes are `file_name_invalid`.",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: renameFileRequestSchema,
        response: { 200: fileSchema },
      },
    },
    async (request) => {
      const { name, on_conflict } = request.body;
      return files.present(await operations.rename(userId(request), request.params.id, name, on_conflict));
    },
  );
}
