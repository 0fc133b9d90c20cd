import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function getFile(app: NimbusApp, { files }: Services): void {
  route(
    app,
    endpoints.drive.getFile,
    {
      schema: {
        tags: ["drive"],
        summary: "One file or folder, with signed download links",
      },
    },
    async (request) => files.get(userId(request), request.params.id, request.query.thumbnail_size),
  );
}
