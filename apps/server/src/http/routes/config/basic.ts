import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { answerWithValidator, configCaller } from "./config-answer.js";

/** `POST /config/v1/basic` (spec §7): global values: feature switches, announcements, debug options; ETag and If-None-Match. */
export function configBasic(app: NimbusApp, { configAnswers }: Services): void {
  route(
    app,
    endpoints.config.basic,
    {
      schema: { tags: ["config"], summary: "Global values: feature switches, announcements, debug options" },
    },
    async (request, reply) => {
      const caller = configCaller(request, request.body.data);
      return answerWithValidator(request, reply, await configAnswers.basic(caller));
    },
  );
}
