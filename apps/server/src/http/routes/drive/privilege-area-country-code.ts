import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function privilegeAreaCountryCode(app: NimbusApp, { region }: Services): void {
  route(
    app,
    endpoints.drive.privilegeAreaCountryCode,
    {
      schema: {
        tags: ["access"],
        summary: "The country of the caller's address (ISO 3166-1 alpha-2, '' when unknown)",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { countryCode: await region.countryCode(request.ip) };
    },
  );
}
