import { endpoints } from "@nimbus/protocol";
import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function emptyTrash(app: NimbusApp, { operations }: Services): void {
  route(
    app,
    endpoints.drive.emptyTrash,
    {
      schema: {
        tags: ["drive"],
        summary: "Empty the trash",
        description: "Deletes everything in the trash for good and releases its storage.",
      },
    },
    async (request) => {
      await operations.emptyTrash(userId(request));
      return doneBatch();
    },
  );
}
