import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { answerWithValidator, configCaller } from "./config-answer.js";

/** `POST /config/v1/resources` (spec §7): banners in the caller's locale; ETag and If-None-Match. */
export function configResources(app: NimbusApp, { configAnswers }: Services): void {
  route(
    app,
    endpoints.config.resources,
    { schema: { tags: ["config"], summary: "Banners in the caller's locale" } },
    async (request, reply) => {
      const caller = configCaller(request, request.body.data);
      return answerWithValidator(request, reply, await configAnswers.resources(caller));
    },
  );
}
