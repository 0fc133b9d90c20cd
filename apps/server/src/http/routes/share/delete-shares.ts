import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function deleteShares(app: NimbusApp, { shares }: Services): void {
  route(
    app,
    endpoints.share.deleteShares,
    {
      schema: {
        tags: ["share"],
        summary: "Cancel my shares",
        description:
          "Their links answer `DELETED` from now on; copies others saved stay theirs. Others' ids are ignored.",
      },
    },
    async (request) => {
      await shares.cancel(userId(request), request.body.ids);
      return {};
    },
  );
}
