import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { SHARE_STATUS_NOTE, visitOf } from "./visit.js";

export function shareFileInfo(app: NimbusApp, { shareVisits }: Services): void {
  route(
    app,
    endpoints.share.shareFileInfo,
    {
      schema: {
        tags: ["share"],
        summary: "One item of a share with signed preview and download links",
        description:
          `${SHARE_STATUS_NOTE} Links are made for the signed-in visitor, whose download traffic the bytes ` +
          "count against (anonymous visitors' previews count against the sharer's).",
      },
    },
    async (request) => {
      const q = request.query;
      return shareVisits.fileInfo(visitOf(request, q), q.file_id, q.thumbnail_size);
    },
  );
}
