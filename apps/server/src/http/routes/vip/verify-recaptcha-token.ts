import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function verifyRecaptchaToken(app: NimbusApp, { captcha, clock }: Services): void {
  route(
    app,
    endpoints.rewards.verifyRecaptchaToken,
    {
      schema: {
        tags: ["vip"],
        summary: "Check a captcha token of the shield",
        description:
          "Whether the token is genuine, unexpired and (when `action` is given) for that action; `score` is 1 " +
          "for a token earned through a solved challenge, 0.5 for one given at once. Nothing is spent.",
      },
    },
    async (request) => {
      const grant = captcha.tokens.read(request.body.token);
      const { action } = request.body;
      const success =
        grant !== undefined && clock.now() < grant.expiresAt && (!action || action === grant.action);
      return success ? { success, score: grant.level === "challenge" ? 1 : 0.5 } : { success };
    },
  );
}
