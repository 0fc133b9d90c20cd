/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (RFC 5987,
 * `charset'lang'percent-encoded`) wins over `filename`; undefined when neither.
 */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    const charset = (extended[1] ?? "").toLowerCase();
    const value = extended[2].trim().replace(/^"|"$/g, "");
    try {
      if (charset === "utf-8" || charset === "") return clean(decodeURIComponent(value));
      // ISO-8859-1: percent-escapes are single bytes.
      return clean(
        value.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      );
    } catch {
      // fall through to `filename`
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return clean(quoted[1].replace(/\\(.)/g, "$1"));
  const token = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return token?.[1] ? clean(token[1]) : undefined;
}

/** The last path segment of a URL, percent-decoded; undefined when empty. */
export function urlFileName(url: string): string | undefined {
  const pathname = new URL(url).pathname;
  const last = pathname.split("/").filter(Boolean).pop();
  if (!last) return undefined;
  try {
    return clean(decodeURIComponent(last));
  } catch {
    return clean(last);
  }
}

/** No folders, no control characters; undefined when nothing is left. */
function clean(name: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base && base !== "." && base !== ".." ? base.slice(0, 255) : undefined;
}
