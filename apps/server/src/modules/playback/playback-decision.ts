import type { PlaybackCapabilities, PlaybackMode } from "@nimbus/protocol";
import type { MediaStream } from "../previews/media-probe.js";

/**
 * Decision 0060's table, pure: how one file plays in one browser. The cheapest path that
 * plays wins: the original bytes (`direct`), the same streams copied into fMP4 HLS
 * (`remux`), the video copied and the audio made AAC (`audio_transcode`), or H.264 + AAC
 * (`transcode`). A rendition below the source or a burned-in subtitle forces `transcode`.
 */

/** Codecs fMP4 HLS carries without re-encoding (what a remux may copy). */
const FMP4_VIDEO = new Set(["h264", "hevc", "av1", "vp9"]);
const FMP4_AUDIO = new Set(["aac", "mp3", "opus", "flac", "ac3", "eac3", "alac"]);

export type DecisionReason =
  | "container"
  | "video_codec"
  | "audio_codec"
  | "audio_track"
  | "rendition"
  | "burn_subtitle"
  | "pixel_format";

export interface DecisionInput {
  capabilities: PlaybackCapabilities;
  /** The browser-facing container name (`containerName`). */
  container: string;
  video: MediaStream | undefined;
  /** The audio stream to play; undefined when the file has none. */
  audio: MediaStream | undefined;
  /** Whether `audio` is the one a plain `<video>` would play (the first/default one). */
  audioIsDefault: boolean;
  /** The height to play at; the source's height (or 0 for audio) plays the original size. */
  targetHeight: number;
  burnSubtitle: boolean;
}

export interface Decision {
  mode: PlaybackMode;
  reasons: DecisionReason[];
}

const has = (list: readonly string[], value: string) => list.some((v) => v.toLowerCase() === value);

/** 8-bit 4:2:0 is what every browser decoder takes; 10-bit H.264 (Hi10P) plays almost nowhere. */
function pixelFormatPlays(video: MediaStream): boolean {
  const fmt = video.pix_fmt ?? "";
  if (video.codec !== "h264") return true;
  return fmt === "" || fmt === "yuv420p" || fmt === "yuvj420p";
}

export function decide(input: DecisionInput): Decision {
  const { capabilities: caps, video, audio } = input;
  const reasons: DecisionReason[] = [];
  const containerPlays = has(caps.containers, input.container);
  const videoPlays = !video || (has(caps.video_codecs, video.codec) && pixelFormatPlays(video));
  const audioPlays = !audio || has(caps.audio_codecs, audio.codec);
  if (!containerPlays) reasons.push("container");
  if (video && !has(caps.video_codecs, video.codec)) reasons.push("video_codec");
  else if (video && !pixelFormatPlays(video)) reasons.push("pixel_format");
  if (!audioPlays) reasons.push("audio_codec");
  if (!input.audioIsDefault) reasons.push("audio_track");
  const scaled = !!video && input.targetHeight > 0 && input.targetHeight < video.height;
  if (scaled) reasons.push("rendition");
  if (input.burnSubtitle && video) reasons.push("burn_subtitle");
  if (reasons.length === 0) return { mode: "direct", reasons };
  const videoCopies = !video || (videoPlays && FMP4_VIDEO.has(video.codec) && !scaled && !input.burnSubtitle);
  if (!videoCopies) return { mode: "transcode", reasons };
  const audioCopies = !audio || (audioPlays && FMP4_AUDIO.has(audio.codec));
  return { mode: audioCopies ? "remux" : "audio_transcode", reasons };
}

/**
 * The container as the player's capabilities name it, from ffprobe's format name and the
 * file's extension: Matroska is "webm" only when named so, MP4's family by extension.
 */
export function containerName(formatName: string, extension: string): string {
  const ext = extension.replace(/^\./, "").toLowerCase();
  const formats = formatName.toLowerCase().split(",");
  if (formats.includes("matroska") || formats.includes("webm")) return ext === "webm" ? "webm" : "mkv";
  if (formats.includes("mov") || formats.includes("mp4")) {
    if (ext === "mov" || ext === "qt") return "mov";
    return "mp4";
  }
  const first = formats[0] ?? "";
  if (first === "mpegts") return "ts";
  if (first === "asf") return "asf";
  return first;
}
