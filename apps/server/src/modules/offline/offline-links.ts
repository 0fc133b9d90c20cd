import { NimbusError, TORRENT_DATA_URL_MAX_BYTES } from "@nimbus/protocol";
import type { OfflineLink } from "./offline-source.js";

const TORRENT_DATA_URL = /^data:application\/x-bittorrent(?:;[^,;]*)*;base64,/i;

/** `thunder://` links are base64 of `AA<url>ZZ`; answers the inner URL. */
export function decodeThunder(link: string): string {
  const encoded = link.slice("thunder://".length).replace(/\/+$/, "");
  const text = Buffer.from(encoded, "base64").toString("utf8");
  if (!text.startsWith("AA") || !text.endsWith("ZZ") || text.length < 5) {
    throw new NimbusError("offline_link_invalid", "not a thunder:// link");
  }
  return text.slice(2, -2).trim();
}

/**
 * A link as typed (one line of the create dialog or the URL checker), normalised:
 * `thunder://` decoded, a dropped `.torrent` (`data:` URL) decoded. `ed2k://` and
 * other schemes are refused with `offline_link_unsupported`.
 */
export function parseLink(raw: string): OfflineLink {
  let text = raw.trim();
  if (/^thunder:\/\//i.test(text)) text = decodeThunder(text);
  if (TORRENT_DATA_URL.test(text)) {
    const bytes = Buffer.from(text.slice(text.indexOf(",") + 1), "base64");
    if (bytes.length === 0) throw new NimbusError("offline_link_invalid", "empty .torrent");
    if (bytes.length > TORRENT_DATA_URL_MAX_BYTES) {
      throw new NimbusError("file_too_large", "a .torrent is at most 2 MiB", {
        params: { limit: TORRENT_DATA_URL_MAX_BYTES },
      });
    }
    return { kind: "torrent", torrent: new Uint8Array(bytes) };
  }
  if (/^magnet:\?/i.test(text)) {
    if (!/[?&]xt=urn:bt[im]h:/i.test(text))
      throw new NimbusError("offline_link_invalid", "a magnet needs xt=urn:btih:");
    return { kind: "magnet", url: text };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === "http" || scheme === "https") {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new NimbusError("offline_link_invalid", "not a valid URL");
    }
    if (!url.hostname) throw new NimbusError("offline_link_invalid", "the URL has no host");
    if (url.username || url.password) url.username = url.password = "";
    return { kind: "url", url: url.href };
  }
  if (scheme) {
    throw new NimbusError("offline_link_unsupported", `${scheme}:// links are not supported`, {
      metadata: { scheme },
    });
  }
  throw new NimbusError("offline_link_invalid", "not a link");
}

/** The text a task shows as its `params.url`. */
export function linkText(link: OfflineLink): string {
  return link.kind === "torrent" ? (link.name ?? "torrent") : link.url;
}
