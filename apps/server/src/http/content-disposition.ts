/**
 * RFC 6266 `Content-Disposition` with an ASCII fallback `filename` and the exact
 * UTF-8 name in `filename*` (RFC 8187 encoding).
 */
export function contentDisposition(type: "attachment" | "inline", name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
