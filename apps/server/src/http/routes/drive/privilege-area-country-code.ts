import { AREA_COUNTRY_CODE_PATH, areaCountryCodeResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

export function privilegeAreaCountryCode(app: NimbusApp, { region }: Services): void {
  app.get(
    AREA_COUNTRY_CODE_PATH,
    {
      schema: {
        tags: ["access"],
        summary: "The country of the caller's address (ISO 3166-1 alpha-2, '' when unknown)",
        response: { 200: areaCountryCodeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { countryCode: await region.countryCode(request.ip) };
    },
  );
}
