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
 * at 10 s, so intros and black first frames are skipped), by ffmpeg.
 */
export async function videoFrame(
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
  const result = await runTool("ffmpeg", args, { timeoutMs: 120_000, signal });
  return result.code === 0 && result.stdout.length > 0 ? result.stdout : undefined;
}
