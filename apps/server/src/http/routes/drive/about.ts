import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function about(app: NimbusApp, { files, traffic, offline }: Services): void {
  route(
    app,
    endpoints.drive.about,
    {
      schema: {
        tags: ["drive"],
        summary: "Storage quota and usage",
        description:
          "`quotas.download`: this month's download traffic (free or premium plus packs); " +
          '`quotas.offline`: this month\'s cloud-download bytes (`total_assets`, `assets` left; "-1" unlimited) and ' +
          "today's task count and cap; `over_free_task_limit`: a free account reached today's cap.",
      },
    },
    async (request) => {
      const user = userId(request);
      const [about, download, limits] = await Promise.all([
        files.about(user),
        traffic.quota(user),
        offline.quotas(user),
      ]);
      return {
        ...about,
        quotas: { download, offline: limits.offline },
        over_free_task_limit: limits.overFreeTaskLimit,
      };
    },
  );
}
