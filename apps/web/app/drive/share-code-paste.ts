/** A share of this site found in a pasted text: its id and, when the text carries one, its passcode. */
export interface PastedShare {
  shareId: string;
  passCode?: string;
}

const SHARE_URL = /https?:\/\/[^\s"'<>]+/g;
/** A passcode after the link: any label in any language, then `:` or `：`, then the code. */
const CODE_AFTER_LINK = /[:：]\s*([A-Za-z0-9]{4,16})\b/;

/**
 * Recognises a share link of `host` (`https://host/s/<id>`, a locale prefix allowed) in a
 * pasted text (spec §3 `autoIdentifyShareCode`), with the passcode from its `s_code` or
 * written after it (`… Passcode: ab12`, `… 提取码：ab12`, as the share dialog copies it).
 */
export function findPastedShare(text: string, host: string): PastedShare | undefined {
  for (const match of text.matchAll(SHARE_URL)) {
    let url: URL;
    try {
      url = new URL(match[0].replace(/[.,;)）。，]+$/, ""));
    } catch {
      continue;
    }
    if (url.host.toLowerCase() !== host.toLowerCase()) continue;
    const path = url.pathname.match(/^(?:\/[a-z]{2}(?:-[A-Z]{2})?)?\/s\/([A-Za-z0-9_-]{1,64})\/?/);
    if (!path?.[1]) continue;
    const after = text.slice((match.index ?? 0) + match[0].length);
    const passCode = url.searchParams.get("s_code") || after.match(CODE_AFTER_LINK)?.[1];
    return passCode ? { shareId: path[1], passCode } : { shareId: path[1] };
  }
  return undefined;
}

/** Where a recognised share opens: its page, with the passcode as `s_code`. */
export function pastedSharePath({ shareId, passCode }: PastedShare): string {
  return passCode ? `/s/${shareId}?s_code=${encodeURIComponent(passCode)}` : `/s/${shareId}`;
}
