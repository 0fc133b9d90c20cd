import { z } from "zod";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

/** The ALTCHA widget fetches its proof-of-work challenge here. */
export function challengePow(app: NimbusApp, { captcha }: Services): void {
  app.get(
    "/v1/shield/challenge/pow",
    {
      schema: {
        tags: ["shield"],
        summary: "A fresh ALTCHA proof-of-work challenge for a challenge ticket",
        querystring: z.object({ c: z.string().min(1).max(2048) }),
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return captcha.powChallenge(request.query.c);
    },
  );
}
