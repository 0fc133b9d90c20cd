import { endpoints, negotiateLocale } from "@nimbus/protocol";
import type { Services } from "../../../services.js";
import { route } from "../../endpoint-route.js";
import type { NimbusApp } from "../../types.js";

export function captchaInit(app: NimbusApp, { captcha }: Services): void {
  route(
    app,
    endpoints.shield.captchaInit,
    {
      schema: {
        tags: ["shield"],
        summary:
          "A captcha token for an action: at once when the risk is low, else a challenge url to pass first",
      },
    },
    async (request) =>
      captcha.init({
        clientId: request.body.client_id,
        action: request.body.action,
        deviceId: request.body.device_id,
        meta: request.body.meta,
        ip: request.ip,
        locale: negotiateLocale(request.headers["accept-language"]),
      }),
  );
}
