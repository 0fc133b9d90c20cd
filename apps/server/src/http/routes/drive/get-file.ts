import { fileSchema, THUMBNAIL_SIZES } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function getFile(app: NimbusApp, { auth, files }: Services): void {
  app.get(
    "/drive/v1/files/:id",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["drive"],
        summary: "One file or folder, with signed download links",
        params: z.object({ id: z.string().min(1).max(64) }),
        querystring: z.object({ thumbnail_size: z.enum(THUMBNAIL_SIZES).optional() }),
        response: { 200: fileSchema },
      },
    },
    async (request) => files.get(userId(request), request.params.id, request.query.thumbnail_size),
  );
}
