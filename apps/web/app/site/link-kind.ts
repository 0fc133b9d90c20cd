/** What a pasted link is, as far as the browser can tell without fetching it. */
export type LinkInfo =
  | { kind: "http"; url: string; host: string; name?: string }
  | { kind: "magnet"; url: string; hash?: string; name?: string }
  | { kind: "ed2k"; url: string; name?: string; size?: number }
  | { kind: "thunder"; url: string; target?: LinkInfo }
  | { kind: "invalid" };

export type LinkKind = LinkInfo["kind"];

function decodeBase64(text: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** Classifies http(s), magnet, ed2k and thunder links (a thunder link wraps another). */
export function classifyLink(input: string): LinkInfo {
  const url = input.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "magnet") {
    const params = new URLSearchParams(url.slice(url.indexOf("?") + 1));
    const xt = params.getAll("xt").find((value) => /^urn:btih:/i.test(value));
    if (!xt && !url.includes("?")) return { kind: "invalid" };
    return { kind: "magnet", url, hash: xt?.slice(9).toUpperCase(), name: params.get("dn") ?? undefined };
  }
  if (scheme === "ed2k") {
    const [, type, name, size] = url.split("|");
    if (type?.toLowerCase() !== "file" || !name) return { kind: "invalid" };
    const bytes = Number(size);
    return { kind: "ed2k", url, name: decode(name), size: Number.isFinite(bytes) ? bytes : undefined };
  }
  if (scheme === "thunder") {
    const inner = decodeBase64(url.replace(/^thunder:\/\//i, "").replace(/\/$/, ""));
    const wrapped = inner && /^AA.*ZZ$/s.test(inner) ? classifyLink(inner.slice(2, -2)) : undefined;
    return { kind: "thunder", url, target: wrapped && wrapped.kind !== "invalid" ? wrapped : undefined };
  }
  if (scheme === "http" || scheme === "https") {
    try {
      const parsed = new URL(url);
      const last = decode(parsed.pathname.split("/").pop() ?? "");
      return { kind: "http", url, host: parsed.host, name: /\.\w{1,8}$/.test(last) ? last : undefined };
    } catch {
      return { kind: "invalid" };
    }
  }
  return { kind: "invalid" };
}

/** Where "save to my drive" goes: the drive, told to create a cloud-download task. */
export function saveToDriveHref(url: string): string {
  return `/drive/all?${new URLSearchParams({ action: "create_task", url })}`;
}
