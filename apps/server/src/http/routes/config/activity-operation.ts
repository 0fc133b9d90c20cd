import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";
import { answerWithValidator, configCaller } from "./config-answer.js";

/** `POST /config/v1/activity_operation` (spec §7): live campaigns and their dialogs; ETag and If-None-Match. */
export function configActivityOperation(app: NimbusApp, { configAnswers }: Services): void {
  route(
    app,
    endpoints.config.activityOperation,
    { schema: { tags: ["config"], summary: "Live campaigns and their dialogs" } },
    async (request, reply) => {
      const caller = configCaller(request, request.body.data);
      return answerWithValidator(request, reply, await configAnswers.activityOperation(caller));
    },
  );
}
