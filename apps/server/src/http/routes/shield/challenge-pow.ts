import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** The ALTCHA widget fetches its proof-of-work challenge here. */
export function challengePow(app: NimbusApp, { captcha }: Services): void {
  route(
    app,
    endpoints.shield.challengePow,
    {
      schema: {
        tags: ["shield"],
        summary: "A fresh ALTCHA proof-of-work challenge for a challenge ticket",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return captcha.powChallenge(request.query.c);
    },
  );
}
