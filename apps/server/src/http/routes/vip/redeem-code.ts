import { endpoints } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import { userId } from "../../plugins/authenticate.js";
import { sessionContext } from "../../plugins/web-session.js";
import type { NimbusApp } from "../../types.js";
import { grantsBody } from "./grants-body.js";

export function redeemCode(app: NimbusApp, { activationCodes }: Services): void {
  route(
    app,
    endpoints.rewards.redeemCode,
    {
      schema: {
        tags: ["vip"],
        summary: "Redeem an activation code",
        description:
          "Redeems a single-use code (`XXXX-XXXX-XXXX-XXXX`, case, spaces and dashes ignored) for the caller and " +
          "answers what it granted. Wrong codes count against the account, device and address: the captcha " +
          "shield asks for a challenge after a few, and `too_many_requests` after `ACTIVATION_CODE_FAILURES_PER_HOUR`.",
      },
    },
    async (request) => {
      const { deviceId, ip } = sessionContext(request);
      const grants = await activationCodes.redeem(request.body.activation_code, {
        userId: userId(request),
        deviceId,
        ip,
      });
      return { grants: grantsBody(grants) };
    },
  );
}
