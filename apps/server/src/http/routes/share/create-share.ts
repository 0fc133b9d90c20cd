import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import type { NimbusApp } from "../../types.js";

export function createShare(app: NimbusApp, { shares }: Services): void {
  route(
    app,
    endpoints.share.createShare,
    {
      schema: {
        tags: ["share"],
        summary: "Share items as a link",
        description:
          "`pass_code_option` REQUIRED uses `pass_code` or generates a 4-character one; `expiration_days` -1 " +
          "never expires; `restore_limit` -1 allows unlimited saves. With `SHARE_REVIEW=on` the link answers " +
          "`AUDITING` until an admin approves it.",
      },
    },
    async (request) => {
      const body = request.body;
      return shares.create(userId(request), {
        fileIds: body.file_ids,
        passCodeOption: body.pass_code_option,
        passCode: body.pass_code,
        expirationDays: body.expiration_days,
        restoreLimit: body.restore_limit,
        title: body.title,
      });
    },
  );
}
