import { deviceLookupQuerySchema, deviceLookupResponseSchema } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { requireUser, userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

/** What the TV page shows about a user code before the person approves it. */
export function deviceLookup(app: NimbusApp, { auth, devices }: Services): void {
  app.get(
    "/v1/auth/device",
    {
      onRequest: requireUser(auth),
      schema: {
        tags: ["auth"],
        summary: "The client and scope waiting behind a user code",
        querystring: deviceLookupQuerySchema,
        response: { 200: deviceLookupResponseSchema },
      },
    },
    async (request) => devices.lookup(userId(request), request.query.user_code),
  );
}
