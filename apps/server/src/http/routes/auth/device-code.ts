import { endpoints, negotiateLocale } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { withFormBodies } from "../../plugins/form-body.js";
import type { NimbusApp } from "../../types.js";

/** RFC 8628 §3.1: a device (TV, CLI) asks for a device code and the user code to show. */
export function deviceCode(app: NimbusApp, { devices }: Services): void {
  withFormBodies(app, (scope) =>
    route(
      scope,
      endpoints.auth.deviceCode,
      {
        schema: {
          tags: ["auth"],
          summary: "Start the device flow: device_code, user_code, verification_uri (/{locale}/tv)",
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        const locale = negotiateLocale(request.headers["accept-language"]);
        return devices.start(request.body.client_id, request.body.scope, locale);
      },
    ),
  );
}
