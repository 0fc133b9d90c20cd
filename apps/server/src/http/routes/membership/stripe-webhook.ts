import { endpoints } from "@nimbus/protocol";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** Largest webhook body accepted (Stripe's events are a few kilobytes). */
const WEBHOOK_MAX_BYTES = 512 * 1024;

/**
 * Stripe's events. The body stays raw bytes (its own content-type parser in this
 * context), since the signature covers exactly them.
 */
export function stripeWebhook(app: NimbusApp, { stripeWebhooks }: Services): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    route(
      scope as NimbusApp,
      endpoints.membership.stripeWebhook,
      {
        bodyLimit: WEBHOOK_MAX_BYTES,
        schema: { tags: ["membership"], summary: "Stripe webhook (signed events)" },
      },
      async (request) => {
        const signature = request.headers["stripe-signature"];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from("");
        return stripeWebhooks.receive(raw, typeof signature === "string" ? signature : undefined);
      },
    );
  });
}
