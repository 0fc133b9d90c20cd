/** How a file's bytes may be presented by a browser on the app's origin. */
export interface Presentation {
  disposition: "inline" | "attachment";
  /** The Content-Type sent. */
  contentType: string;
}

/** Sent with every file response: no sniffing, and no scripts, styles or plugins even if a browser renders it. */
export const SAFE_FILE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "sandbox; default-src 'none'",
} as const;

const INLINE_TEXT = new Set([
  "text/plain",
  "text/markdown",
  "text/csv",
  "text/vtt",
  "application/json",
  "application/x-subrip",
]);
const INLINE_EXACT = new Set(["application/pdf"]);
const INLINE_IMAGES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/heic",
]);
/** Types a browser would run as a document or script: never named as such, even in an attachment. */
const ACTIVE =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|text\/css)$|\+xml$/;

/**
 * The inline policy (docs/decisions/0005-inline-file-policy.md): text, PDF,
 * raster images, audio and video may be shown inline when asked for; everything
 * else (HTML, SVG, XML, scripts, unknown types) is always an attachment, and
 * active types are sent as `application/octet-stream`. Text is sent as
 * `text/plain; charset=utf-8` so no browser interprets it.
 */
export function presentationOf(mimeType: string, wantInline: boolean): Presentation {
  const type = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  if (ACTIVE.test(type) || type === "") {
    return { disposition: "attachment", contentType: "application/octet-stream" };
  }
  const disposition = wantInline && mayBeInline(type) ? "inline" : "attachment";
  if (INLINE_TEXT.has(type)) {
    return { disposition, contentType: disposition === "inline" ? "text/plain; charset=utf-8" : type };
  }
  return { disposition, contentType: type };
}

export function mayBeInline(type: string): boolean {
  return (
    INLINE_TEXT.has(type) ||
    INLINE_EXACT.has(type) ||
    INLINE_IMAGES.has(type) ||
    type.startsWith("audio/") ||
    type.startsWith("video/")
  );
}
