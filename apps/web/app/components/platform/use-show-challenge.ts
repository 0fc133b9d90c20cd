import { useCallback } from "react";
import { useT } from "../../i18n/i18n.js";
import type { CaptchaChallengeResult } from "../../lib/captcha/captcha-flow.js";
import { showChallenge } from "./captcha-challenge.js";

/** `showChallenge` with the labels of the page's language, for `createCaptchaFlow`. */
export function useShowChallenge(): (url: string) => Promise<CaptchaChallengeResult> {
  const t = useT();
  const title = t("platform.captcha.title");
  const closeLabel = t("platform.captcha.close");
  return useCallback((url) => showChallenge(url, { title, close: closeLabel }), [title, closeLabel]);
}
