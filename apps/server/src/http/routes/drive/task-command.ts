import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

const DESCRIPTION = `
\`{type: "offline", create_type, id}\` on one of the caller's cloud-download tasks:
- \`RETRY\`: a task in \`PHASE_TYPE_ERROR\` starts again (resuming from its partial data when kept);
- \`PAUSE\`: a pending or running task stops and keeps its partial data (\`PHASE_TYPE_PAUSED\`);
- \`RESUME\`: a paused task is queued again (\`PHASE_TYPE_PENDING\`).
A command that does not fit the task's phase answers the task unchanged.`.trim();

/** `POST /drive/v1/task`: retry, pause or resume an offline task. */
export function taskCommand(app: NimbusApp, { offline }: Services): void {
  route(
    app,
    endpoints.drive.taskCommand,
    {
      schema: {
        tags: ["drive"],
        summary: "Retry, pause or resume a cloud download",
        description: DESCRIPTION,
      },
    },
    async (request) => ({
      task: await offline.command(userId(request), request.body.id, request.body.create_type),
    }),
  );
}
