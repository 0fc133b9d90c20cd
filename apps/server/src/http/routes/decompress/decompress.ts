import { decompressRequestSchema, taskSchema } from "@nimbus/protocol";
import { z } from "zod";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `POST /decompress/v1/decompress`: extracts an archive into a folder as a `drive#task` (poll `/drive/v1/tasks/{id}`). */
export function decompress(app: NimbusApp, { auth, archives }: Services): void {
  app.post(
    "/decompress/v1/decompress",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["decompress"],
        summary: "Extract an archive (all or some paths) into a folder, as a task",
        body: decompressRequestSchema,
        response: { 200: z.object({ task: taskSchema }) },
      },
    },
    async (request) => ({ task: await archives.decompress(userId(request), request.body) }),
  );
}
