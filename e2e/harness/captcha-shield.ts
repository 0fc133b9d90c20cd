import { showChallenge } from "../../apps/web/app/components/platform/captcha-challenge.js";
import { createCaptchaFlow } from "../../apps/web/app/lib/captcha/captcha-flow.js";
import { createAuthRequest } from "../../apps/web/app/lib/http/auth-request.js";
import { createRequestClient } from "../../apps/web/app/lib/http/request.js";

const DEVICE_ID = "e2e0c4a9b7d34f21a5c6d7e8f9a0b1c2";

/**
 * The web client's whole captcha path against the real server: the authenticated
 * request helper, the captcha flow (init, challenge in the modal) and the retry.
 * Every exchange with the server is recorded in `window.exchanges`.
 */
export async function protectedCall(path: string): Promise<unknown> {
  const w = window as unknown as { exchanges: string[] };
  w.exchanges = [];
  const request = createRequestClient({
    origins: [""],
    locale: () => "ja",
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      w.exchanges.push(`${init.method} ${url.split("?")[0]} ${response.status}`);
      return response;
    },
  });
  const captcha = createCaptchaFlow({
    request,
    storage: localStorage,
    clientId: "nimbus-web",
    deviceId: () => DEVICE_ID,
    showChallenge: (url) => showChallenge(url, { title: "Security check", close: "Close" }),
  });
  const call = createAuthRequest({
    request,
    captcha,
    clientId: "nimbus-web",
    clientVersion: "1.0.0",
    packageName: "nimbus-web",
    deviceId: () => DEVICE_ID,
  });
  return call({ path, retry: 0 });
}
