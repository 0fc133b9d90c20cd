import { captchaVerifyRequestSchema, captchaVerifyResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

export function challengeVerify(app: NimbusApp, { captcha }: Services): void {
  app.post(
    "/v1/shield/challenge/verify",
    {
      schema: {
        tags: ["shield"],
        summary:
          "A solved proof of work for a challenge ticket → a captcha token and the address to go on to",
        body: captchaVerifyRequestSchema,
        response: { 200: captchaVerifyResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return captcha.solve(request.body.c, request.body.payload);
    },
  );
}
