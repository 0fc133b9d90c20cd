import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function challengeVerify(app: NimbusApp, { captcha }: Services): void {
  route(
    app,
    endpoints.shield.challengeVerify,
    {
      schema: {
        tags: ["shield"],
        summary:
          "A solved proof of work for a challenge ticket → a captcha token and the address to go on to",
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return captcha.solve(request.body.c, request.body.payload);
    },
  );
}
