import type { Media, ThumbnailSize } from "@nimbus/protocol";
import { isoTime } from "../../lib/clock.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import { isUnsupportedAudio } from "./media-probe.js";
import type { BlobPreview } from "./preview-store.js";

export interface PreviewPresentOptions {
  publicUrl: string;
  links: DownloadLinks;
  now: number;
  /** Whom the links are made for (whose traffic streaming counts against). */
  holder: LinkHolder;
  thumbnailSize?: ThumbnailSize | undefined;
}

/** A video's resolution name from its height; audio has none. */
export function resolutionName(height: number): string {
  if (height >= 2160) return "4K";
  if (height >= 1440) return "2K";
  if (height >= 1080) return "1080P";
  if (height >= 720) return "720P";
  if (height >= 480) return "480P";
  return height > 0 ? `${height}P` : "Original";
}

/**
 * `thumbnail_link` and `medias` of a complete file: a signed thumbnail URL
 * when the asked size exists (default SIZE_MEDIUM), and the original rendition
 * of audio/video with its facts and a signed inline streaming link.
 */
export function presentPreview(
  file: { id: string; name: string },
  preview: BlobPreview | undefined,
  options: PreviewPresentOptions,
): { thumbnail_link: string; medias: Media[] } {
  const size = options.thumbnailSize ?? "SIZE_MEDIUM";
  const thumb = preview?.thumbnails.has(size)
    ? options.links.signFor("thumbnail", `${file.id}/${size}`, options.holder, options.now)
    : undefined;
  const media = preview?.media;
  const medias: Media[] = [];
  if (media?.state === "ready") {
    const stream = options.links.sign(file.id, options.holder, options.now);
    const audioCodec = media.audio_codec ?? "";
    medias.push({
      media_id: `${file.id}-origin`,
      media_name: file.name,
      resolution_name: media.video_codec ? resolutionName(media.height ?? 0) : "Original",
      is_origin: true,
      is_default: true,
      link: {
        url: `${options.publicUrl}${stream.path}&disposition=inline`,
        token: "",
        expire: isoTime(stream.expiresAt),
      },
      video: {
        duration: Math.round(Number(media.duration_ms ?? 0) / 1000),
        width: media.width ?? 0,
        height: media.height ?? 0,
        bit_rate: Number(media.bit_rate ?? 0),
        frame_rate: media.frame_rate ?? "",
        video_codec: media.video_codec ?? "",
        audio_codec: audioCodec,
      },
      audio_codec_unsupported: isUnsupportedAudio(audioCodec),
    });
  }
  return { thumbnail_link: thumb ? `${options.publicUrl}${thumb.path}` : "", medias };
}
