import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { presentConfig } from "./config-present.js";

/** `GET /admin/v1/config`: the remote config in force (version 0: the defaults) and its schema. */
export function getConfig(app: NimbusApp, { remoteConfig }: Services): void {
  route(
    app,
    endpoints.admin.getConfig,
    { schema: { tags: ["admin"], summary: "The remote config in force, with its JSON Schema (admins)" } },
    async () => presentConfig(await remoteConfig.current()),
  );
}
