import { shareBatchFileInfoRequestSchema, shareBatchFileInfoResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { optionalUser } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";
import { SHARE_STATUS_NOTE, visitOf } from "./visit.js";

export function shareBatchFileInfo(app: NimbusApp, { auth, shareVisits }: Services): void {
  app.post(
    // "::" is a literal ":" in a Fastify path.
    "/drive/v1/share::batch_file_info",
    {
      onRequest: optionalUser(auth),
      schema: {
        tags: ["share"],
        summary: "Several items of a share with signed links",
        description: SHARE_STATUS_NOTE,
        body: shareBatchFileInfoRequestSchema,
        response: { 200: shareBatchFileInfoResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      return shareVisits.batchFileInfo(visitOf(request, body), body.file_ids, body.thumbnail_size);
    },
  );
}
