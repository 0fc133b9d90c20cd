import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { answerWithValidator, configCaller } from "./config-answer.js";

/** `POST /config/v1/debug_options` (spec §7): debug options (allow_vconsole) for this user or device; ETag and If-None-Match. */
export function configDebugOptions(app: NimbusApp, { configAnswers }: Services): void {
  route(
    app,
    endpoints.config.debugOptions,
    { schema: { tags: ["config"], summary: "Debug options (allow_vconsole) for this user or device" } },
    async (request, reply) => {
      const caller = configCaller(request, request.body.data);
      return answerWithValidator(request, reply, await configAnswers.debugOptions(caller));
    },
  );
}
