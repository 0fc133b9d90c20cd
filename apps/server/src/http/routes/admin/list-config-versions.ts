import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** `GET /admin/v1/config/versions`: the history, newest first, with author, note and rollbacks. */
export function listConfigVersions(app: NimbusApp, { remoteConfig }: Services): void {
  route(
    app,
    endpoints.admin.listConfigVersions,
    { schema: { tags: ["admin"], summary: "Versions of the remote config, newest first (admins)" } },
    async () => ({ data: await remoteConfig.versions() }),
  );
}
