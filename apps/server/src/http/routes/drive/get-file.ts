import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function getFile(app: NimbusApp, { files, playbackMedias }: Services): void {
  route(
    app,
    endpoints.drive.getFile,
    {
      schema: {
        tags: ["drive"],
        summary: "One file or folder, with signed download links",
      },
    },
    async (request) => {
      const caller = userId(request);
      const file = await files.get(caller, request.params.id, request.query.thumbnail_size);
      // Videos list their transcoded resolutions too (decision 0060), with HLS playlist links.
      return playbackMedias.withRenditions(caller, file);
    },
  );
}
