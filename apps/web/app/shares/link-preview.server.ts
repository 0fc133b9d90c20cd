import type { ShareFilesResponse } from "@nimbus/protocol";

/** What a link preview (Open Graph) may say about a share: only what a public visitor sees. */
export interface LinkPreview {
  /** The share's title; '' unless the share opens without a passcode. */
  title: string;
  /** Items at the top of the share; -1 unless it opens without a passcode. */
  fileCount: number;
}

const NOTHING: LinkPreview = { title: "", fileCount: -1 };
const TIMEOUT_MS = 1500;

/**
 * The API as this process serves it, over loopback: the page's own origin may be a
 * public address a reverse proxy answers, which the server cannot always reach itself.
 */
export function internalOrigin(env: NodeJS.ProcessEnv, fallback: string): string {
  if (!env.PORT) return fallback;
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

/**
 * The share as an anonymous visitor without passcode sees it — no cookie, token or
 * passcode is forwarded — so a preview never shows what a passcode protects.
 */
export async function loadLinkPreview(
  shareId: string,
  origin: string,
  acceptLanguage: string,
  fetcher: typeof fetch = fetch,
): Promise<LinkPreview> {
  const query = new URLSearchParams({ share_id: shareId, limit: "1", thumbnail_size: "SIZE_SMALL" });
  try {
    const response = await fetcher(`${origin}/drive/v1/share?${query}`, {
      headers: { accept: "application/json", "accept-language": acceptLanguage },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return NOTHING;
    const share = (await response.json()) as Partial<ShareFilesResponse>;
    if (share.share_status !== "OK") return NOTHING;
    return { title: String(share.title ?? ""), fileCount: Number(share.file_num ?? -1) };
  } catch {
    return NOTHING;
  }
}
