import { nimbusApi, USER_SETTING_DEFAULTS } from "@nimbus/protocol";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { callEndpoint } from "../api/client.js";
import { useLocale } from "../i18n/i18n.js";
import { findPastedShare, pastedSharePath } from "./share-code-paste.js";

/**
 * A share link (and its passcode) pasted on a drive page outside a text field opens the
 * share, when the user's `autoIdentifyShareCode` setting is on (spec §3, decision 0039).
 * The setting is read when such a text is pasted; a signed-out visitor has the default.
 */
export function useShareCodePaste(): void {
  const navigate = useNavigate();
  const locale = useLocale();
  useEffect(() => {
    const onPaste = async (event: ClipboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, [contenteditable]")) return;
      const found = findPastedShare(event.clipboardData?.getData("text/plain") ?? "", window.location.host);
      if (!found) return;
      event.preventDefault();
      const settings = await callEndpoint(nimbusApi.user.settings, { locale });
      const on = settings.ok
        ? settings.data.autoIdentifyShareCode
        : USER_SETTING_DEFAULTS.autoIdentifyShareCode;
      if (on) void navigate(pastedSharePath(found));
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [navigate, locale]);
}
