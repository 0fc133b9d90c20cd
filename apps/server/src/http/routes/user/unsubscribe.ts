import { unsubscribeInfoSchema, unsubscribeQuerySchema, unsubscribeRequestSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";

/** A mail's unsubscribe link (`d`, signed): what it names, and unsubscribing. No sign-in needed. */
export function unsubscribe(app: NimbusApp, { unsubscribes }: Services): void {
  app.get(
    "/drive/v1/mail/unsubscribe",
    {
      schema: {
        tags: ["user"],
        summary: "The address and mail scene an unsubscribe link names (the user info's unsubscribeInfo)",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeInfoSchema },
      },
    },
    async (request) => unsubscribes.info(request.query.d),
  );
  app.post(
    "/drive/v1/mail/unsubscribe",
    {
      schema: {
        tags: ["user"],
        summary: "Unsubscribe the address a link names from its scene (`subscribe: true` undoes it)",
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeInfoSchema },
      },
    },
    async (request) => unsubscribes.set(request.body.d, request.body.subscribe ?? false),
  );
}
