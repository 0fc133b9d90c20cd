import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

/** A mail's unsubscribe link (`d`, signed): what it names, and unsubscribing. No sign-in needed. */
export function unsubscribe(app: NimbusApp, { unsubscribes }: Services): void {
  route(
    app,
    endpoints.user.unsubscribeInfo,
    {
      schema: {
        tags: ["user"],
        summary: "The address and mail scene an unsubscribe link names (the user info's unsubscribeInfo)",
      },
    },
    async (request) => unsubscribes.info(request.query.d),
  );
  route(
    app,
    endpoints.user.unsubscribe,
    {
      schema: {
        tags: ["user"],
        summary: "Unsubscribe the address a link names from its scene (`subscribe: true` undoes it)",
      },
    },
    async (request) => unsubscribes.set(request.body.d, request.body.subscribe ?? false),
  );
}
