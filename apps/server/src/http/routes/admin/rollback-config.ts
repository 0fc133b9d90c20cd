import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { adminActor } from "./admin-actor.js";
import { presentConfig } from "./config-present.js";

/** `POST /admin/v1/config/versions/{version}:rollback`: makes that version current again. */
export function rollbackConfig(app: NimbusApp, { remoteConfig }: Services): void {
  route(
    app,
    endpoints.admin.rollbackConfig,
    {
      schema: {
        tags: ["admin"],
        summary: "Roll the remote config back to a version (admins)",
        description:
          "Every newer version is marked rolled back (kept in the history); version 0 restores the defaults.",
      },
    },
    async (request) =>
      presentConfig(await remoteConfig.rollback(adminActor(request), request.params.version)),
  );
}
