import { NimbusError } from "@nimbus/protocol";
import type { DavResource } from "../../modules/webdav/dav-tree.js";

export const DAV_PREFIX = "/dav";

/** The decoded names of a `/dav/...` path, root first; `..`, `.` and undecodable names are refused. */
export function davSegments(url: string): string[] {
  const pathname = url.split("?")[0] ?? "";
  const rest = pathname.slice(DAV_PREFIX.length);
  const segments: string[] = [];
  for (const raw of rest.split("/")) {
    if (raw === "") continue;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw new NimbusError("invalid_argument", "the path is not valid UTF-8 percent-encoding");
    }
    if (name === "." || name === ".." || name.includes("/"))
      throw new NimbusError("invalid_argument", "bad path");
    segments.push(name);
  }
  return segments;
}

/** The id dead properties are kept under: the item's, '' for the root. */
export function fileIdOf(resource: DavResource): string {
  return resource.kind === "root" ? "" : resource.row.id;
}

/** The href of a resource: `/dav/` and its names, each percent-encoded; collections end with `/`. */
export function davHref(segments: readonly string[], collection: boolean): string {
  const path = segments.map((name) => encodeURIComponent(name)).join("/");
  if (path === "") return `${DAV_PREFIX}/`;
  return `${DAV_PREFIX}/${path}${collection ? "/" : ""}`;
}

/** The host name of a `Host` header (no port: behind TLS the client's port is not ours). */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return host;
  }
}

/**
 * The names a `Destination` header points at (RFC 4918 §10.3): an absolute URI on this host or
 * an absolute path, under `/dav/`. `"foreign"` for another host (502), undefined when unusable.
 */
export function destinationSegments(
  destination: string | undefined,
  host: string | undefined,
): string[] | "foreign" | undefined {
  if (!destination) return undefined;
  let url: URL;
  try {
    url = new URL(destination, "http://destination.invalid");
  } catch {
    return undefined;
  }
  if (url.host !== "destination.invalid" && host !== undefined && url.hostname !== hostnameOf(host)) {
    return "foreign";
  }
  if (url.pathname !== DAV_PREFIX && !url.pathname.startsWith(`${DAV_PREFIX}/`)) return undefined;
  try {
    return davSegments(url.pathname);
  } catch {
    return undefined;
  }
}
