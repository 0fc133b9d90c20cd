import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { SHARE_STATUS_NOTE, visitOf } from "./visit.js";

export function shareBatchFileInfo(app: NimbusApp, { shareVisits }: Services): void {
  route(
    app,
    endpoints.share.shareBatchFileInfo,
    {
      schema: {
        tags: ["share"],
        summary: "Several items of a share with signed links",
        description: SHARE_STATUS_NOTE,
      },
    },
    async (request) => {
      const body = request.body;
      return shareVisits.batchFileInfo(visitOf(request, body), body.file_ids, body.thumbnail_size);
    },
  );
}
