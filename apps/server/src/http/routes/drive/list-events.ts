import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function listEvents(app: NimbusApp, { events }: Services): void {
  route(
    app,
    endpoints.drive.listEvents,
    {
      schema: {
        tags: ["drive"],
        summary: "Recent activity, newest first",
        description:
          "`drive#event`s: create_folder, upload, rename, move, copy, trash, untrash, delete, star, unstar, " +
          "with the item's id, name and folder at that moment. Kept 90 days.",
      },
    },
    async (request) =>
      events.list(userId(request), { limit: request.query.limit, pageToken: request.query.page_token }),
  );
}
