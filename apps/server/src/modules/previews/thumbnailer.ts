import type { ThumbnailSize } from "@nimbus/protocol";
import { runTool } from "../../lib/run-tool.js";

/** The box each thumbnail size fits inside (aspect ratio kept, never enlarged). */
export const THUMBNAIL_BOXES: Record<ThumbnailSize, number> = {
  SIZE_SMALL: 160,
  SIZE_MEDIUM: 480,
  SIZE_LARGE: 1080,
};

export const THUMBNAIL_MIME_TYPE = "image/webp";

export interface Thumbnail {
  size: ThumbnailSize;
  bytes: Buffer;
  width: number;
  height: number;
}

/** Largest source image sharp will decode (pixels), against decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000;

/** sharp (libvips) is loaded on the first thumbnail: most process starts never need it. */
let sharpModule: Promise<typeof import("sharp")> | undefined;

/** Every thumbnail size of an image (a file path or encoded bytes), as WebP. */
export async function thumbnailsOf(input: string | Buffer): Promise<Thumbnail[]> {
  sharpModule ??= import("sharp");
  const { default: sharp } = await sharpModule;
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  const out: Thumbnail[] = [];
  for (const [size, box] of Object.entries(THUMBNAIL_BOXES) as [ThumbnailSize, number][]) {
    const { data, info } = await source
      .clone()
      .resize(box, box, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    out.push({ size, bytes: data, width: info.width, height: info.height });
  }
  return out;
}

/**
 * One representative frame of a video as PNG: at 10% of its duration (capped
 * at 10 s, so intros and black first frames are skipped), by ffmpeg (`MediaTools`:
 * the system's, else the one @ffmpeg-installer ships).
 */
export async function videoFrame(
  ffmpeg: string,
  file: string,
  durationMs: number,
  signal?: AbortSignal,
): Promise<Buffer | undefined> {
  const at = Math.min(10, (durationMs / 1000) * 0.1).toFixed(3);
  const args = [
    "-v",
    "error",
    "-ss",
    at,
    "-i",
    file,
    "-frames:v",
    "1",
    "-f",
    "image2pipe",
    "-c:v",
    "png",
    "-",
  ];
  const result = await runTool(ffmpeg, args, { timeoutMs: 120_000, signal });
  return result.code === 0 && result.stdout.length > 0 ? result.stdout : undefined;
}

/** How much of a text file its thumbnail shows. */
const SNIPPET_BYTES = 4096;
const SNIPPET_LINES = 14;
const SNIPPET_COLUMNS = 44;

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** The first lines of a text, cut to fit a thumbnail (tabs as spaces, control characters dropped). */
export function textSnippet(bytes: Buffer): string[] {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, SNIPPET_BYTES));
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .slice(0, SNIPPET_LINES)
    .map((line) =>
      [...line.replace(/\t/g, "  ")]
        .filter((char) => !isControl(char))
        .slice(0, SNIPPET_COLUMNS)
        .join(""),
    );
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page with the text's first lines on it, as SVG (sharp renders it like any image). */
export function snippetSvg(lines: readonly string[]): string {
  const rows = lines
    .map((line, i) => `<text x="28" y="${44 + i * 22}" xml:space="preserve">${escapeXml(line)}</text>`)
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">` +
    `<rect width="480" height="360" fill="#ffffff"/>` +
    `<g font-family="DejaVu Sans Mono, monospace" font-size="16" fill="#2b3140">${rows}</g></svg>`
  );
}

/** Thumbnails of a text file: its first lines rendered on a page. */
export async function textThumbnails(bytes: Buffer): Promise<Thumbnail[]> {
  const lines = textSnippet(bytes);
  if (lines.every((line) => line.trim() === "")) return [];
  return thumbnailsOf(Buffer.from(snippetSvg(lines)));
}
