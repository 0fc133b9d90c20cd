import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";
import { presentConfig } from "./config-present.js";

/** `PUT /admin/v1/config`: a new version of the remote config; a stale `base_version` is `aborted` (409). */
export function updateConfig(app: NimbusApp, { remoteConfig }: Services): void {
  route(
    app,
    endpoints.admin.updateConfig,
    {
      schema: {
        tags: ["admin"],
        summary: "Store a new version of the remote config (admins)",
        description:
          "Optimistic: `base_version` must be the version in force, else `aborted` (409). Logged with who and when.",
      },
    },
    async (request) => presentConfig(await remoteConfig.update(adminActor(request), request.body)),
  );
}
