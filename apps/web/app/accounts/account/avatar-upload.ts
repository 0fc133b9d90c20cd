import { CLIENT_IDS, methodOf, nimbusApi } from "@nimbus/protocol";
import type { Translate } from "../../i18n/i18n.js";
import { getDeviceId } from "../../lib/device-id.js";

/** `POST /v1/user/me/avatar` with the image itself as the body; answers the error text, if any. */
export async function uploadAvatar(file: File, locale: string, t: Translate): Promise<string | undefined> {
  try {
    const response = await fetch(nimbusApi.user.avatarUpload.path, {
      method: methodOf(nimbusApi.user.avatarUpload),
      credentials: "include",
      headers: {
        "content-type": file.type || "application/octet-stream",
        "accept-language": locale,
        "x-client-id": CLIENT_IDS.web,
        "x-device-id": getDeviceId(localStorage),
      },
      body: file,
    });
    if (response.ok) return undefined;
    const body = (await response.json().catch(() => ({}))) as { error_description?: string };
    return body.error_description || t("api.unknown");
  } catch {
    return t("api.unreachable");
  }
}
