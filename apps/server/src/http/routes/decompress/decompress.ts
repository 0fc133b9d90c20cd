import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** `POST /decompress/v1/decompress`: extracts an archive into a folder as a `drive#task` (poll `/drive/v1/tasks/{id}`). */
export function decompress(app: NimbusApp, { archives }: Services): void {
  route(
    app,
    endpoints.decompress.decompress,
    {
      schema: {
        tags: ["decompress"],
        summary: "Extract an archive (all or some paths) into a folder, as a task",
      },
    },
    async (request) => ({ task: await archives.decompress(userId(request), request.body) }),
  );
}
