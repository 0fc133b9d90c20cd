import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function providers(app: NimbusApp, { externalSignin }: Services): void {
  route(
    app,
    endpoints.auth.providers,
    {
      schema: {
        tags: ["auth"],
        summary: "The other providers people may sign in with (OpenID Connect, `OIDC_PROVIDERS`)",
      },
    },
    async () => ({ providers: externalSignin.providers() }),
  );
}
