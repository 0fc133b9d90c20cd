import { nimbusApi } from "@nimbus/protocol";
import { type EndpointAnswer, endpointUrl } from "../api/endpoint-url.js";
import { type ApiFetch, answeredWithin } from "../lib/load-context.js";

/** What a link preview (Open Graph) may say about a share: only what a public visitor sees. */
export interface LinkPreview {
  /** The share's title; '' unless the share opens without a passcode. */
  title: string;
  /** Items at the top of the share; -1 unless it opens without a passcode. */
  fileCount: number;
  /** True when the server says no such share exists (the page then answers 404). */
  unknown: boolean;
}

const NOTHING: LinkPreview = { title: "", fileCount: -1, unknown: false };
const TIMEOUT_MS = 1500;

/**
 * The share as an anonymous visitor without passcode sees it — no cookie, token or
 * passcode is forwarded — so a preview never shows what a passcode protects.
 */
export async function loadLinkPreview(
  shareId: string,
  acceptLanguage: string,
  api: ApiFetch | undefined,
): Promise<LinkPreview> {
  if (!api) return NOTHING;
  const query = { share_id: shareId, limit: "1", thumbnail_size: "SIZE_SMALL" } as const;
  try {
    const response = await answeredWithin(
      TIMEOUT_MS,
      api(endpointUrl(nimbusApi.share.getShare, { query }), {
        headers: { accept: "application/json", "accept-language": acceptLanguage },
      }),
    );
    if (!response.ok) return NOTHING;
    const share = (await response.json()) as Partial<EndpointAnswer<typeof nimbusApi.share.getShare>>;
    if (share.share_status === "NOT_FOUND") return { ...NOTHING, unknown: true };
    if (share.share_status !== "OK") return NOTHING;
    return { title: String(share.title ?? ""), fileCount: Number(share.file_num ?? -1), unknown: false };
  } catch {
    return NOTHING;
  }
}
