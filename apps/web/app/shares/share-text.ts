import type { Translate } from "../i18n/i18n.js";

/** The text "Copy link" puts on the clipboard: title, link and passcode, in the page's language. */
export function shareText(
  t: Translate,
  { title, url, passCode }: { title: string; url: string; passCode: string },
): string {
  const lines = [];
  if (title) lines.push(title);
  lines.push(passCode ? t("shares.copyText.withCode", { url, code: passCode }) : url);
  return lines.join("\n");
}

export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
