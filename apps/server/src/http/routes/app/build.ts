import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { webBuildId } from "../../web/build-id.js";

/** Pages that stay open for long: the drive and shared links. Site pages are short visits. */
const CHECK_PATHS = ["/drive/", "/s/"];
const INTERVAL_SECONDS = 15 * 60;

/**
 * `GET /v1/app/build` (spec §7): the build manifest and the route rules of its check,
 * one answer for the spec's two files (decision 0045). Without a production web build
 * the id is null and pages have nothing to compare.
 */
export function appBuild(app: NimbusApp, { config }: Services): void {
  route(
    app,
    endpoints.app.build,
    { schema: { tags: ["app"], summary: "The deployed web build and which pages check for a newer one" } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        id: config.web === "production" ? webBuildId() : null,
        rules: { check_paths: CHECK_PATHS, interval_seconds: INTERVAL_SECONDS },
      };
    },
  );
}
