import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { answerWithValidator } from "./config-answer.js";

/** `POST /config/v1/external_products` (spec §7): app installers per platform (configured ones only); ETag and If-None-Match. */
export function configExternalProducts(app: NimbusApp, { configAnswers }: Services): void {
  route(
    app,
    endpoints.config.externalProducts,
    { schema: { tags: ["config"], summary: "App installers per platform (configured ones only)" } },
    async (request, reply) => {
      return answerWithValidator(request, reply, await configAnswers.externalProducts());
    },
  );
}
