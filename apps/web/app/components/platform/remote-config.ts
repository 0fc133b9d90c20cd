import { CLIENT_IDS } from "@nimbus/protocol";
import { allowVConsole } from "../../lib/debug-console.js";
import { getDeviceId } from "../../lib/device-id.js";

/** The remote config of global values (spec §7): `POST {client, data}`. */
export const BASIC_CONFIG_PATH = "/config/v1/basic";
/**
 * `pp_allow_vconsole=1` turns the `allow_vconsole` flag on in this browser only,
 * without the remote config (the browser journeys use it). The console shows
 * nothing the person could not see in their own developer tools.
 */
export const VCONSOLE_OVERRIDE_COOKIE = "pp_allow_vconsole";

export function vconsoleOverride(cookie: string): boolean {
  return cookie.split(";").some((part) => part.trim() === `${VCONSOLE_OVERRIDE_COOKIE}=1`);
}

/**
 * Reads `debug_options.allow_vconsole` from the remote config, sending the
 * device id and user id. A failure only logs and counts as "off" (spec §7).
 */
export async function fetchAllowVConsole(locale: string, userId: string | undefined): Promise<boolean> {
  try {
    const response = await fetch(BASIC_CONFIG_PATH, {
      method: "POST",
      // A signed-in browser sends its session cookie: a POST on it must name the client (CSRF rule).
      headers: {
        accept: "application/json",
        "accept-language": locale,
        "content-type": "application/json",
        "x-client-id": CLIENT_IDS.web,
        "x-device-id": getDeviceId(window.localStorage),
      },
      body: JSON.stringify({
        client: "web",
        data: { language: locale, uuid: getDeviceId(window.localStorage), userid: userId ?? "" },
      }),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    const data = typeof body === "object" && body !== null && "data" in body ? body.data : body;
    return allowVConsole(data) || allowVConsole(body);
  } catch (error) {
    console.info(`remote config ${BASIC_CONFIG_PATH} unavailable; debug console stays off`, error);
    return false;
  }
}
