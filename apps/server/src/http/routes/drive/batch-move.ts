import { endpoints } from "@nimbus/protocol";
import { doneBatch } from "../../../modules/files/index.js";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function batchMove(app: NimbusApp, { files, operations }: Services): void {
  route(
    app,
    endpoints.drive.batchMove,
    {
      schema: {
        tags: ["drive"],
        summary: "Move items into a folder",
        description:
          "`to.parent_id` '' is the root. A taken name becomes `name (n)`. Moving a folder into itself " +
          "or below itself is `file_move_into_itself`; trashed items are `file_in_trash`. The moved " +
          "items are in `files`.",
      },
    },
    async (request) => {
      const { ids, to } = request.body;
      const rows = await operations.move(userId(request), ids, to.parent_id);
      return doneBatch(await files.presentPlain(rows));
    },
  );
}
