import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** No credentials and no captcha (spec §6): the web's region check calls it on every candidate origin. */
export function areaAccessible(app: NimbusApp, { region }: Services): void {
  route(
    app,
    endpoints.access.areaAccessible,
    {
      schema: {
        tags: ["access"],
        summary: "Whether the caller's address may use the service (blocked addresses and countries)",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { accessible: await region.accessible(request.ip) };
    },
  );
}
