import { runTool } from "../../lib/run-tool.js";

/** What a player needs to know about a media file. */
export interface MediaInfo {
  durationMs: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string;
  bitRate: number;
  frameRate: string;
  /** ffprobe's format name: "matroska,webm", "mov,mp4,m4a,3gp,3g2,mj2", "flac"… */
  container: string;
  /** Every video, audio and subtitle stream (cover art left out), in the file's order. */
  streams: MediaStream[];
}

/** One stream of a media file, as playback needs it (decision 0060). */
export interface MediaStream {
  /** ffprobe's `index`: what `-map 0:N` names. */
  index: number;
  type: "video" | "audio" | "subtitle";
  /** ffprobe's codec name: "hevc", "h264", "eac3", "aac", "subrip", "ass", "hdmv_pgs_subtitle"… */
  codec: string;
  /** As tagged ("eng", "jpn"); '' when untagged or "und". */
  language: string;
  title: string;
  /** Audio channels; 0 for other streams. */
  channels: number;
  is_default: boolean;
  is_forced: boolean;
  /** Video size; 0 for other streams. */
  width: number;
  height: number;
  /** Video pixel format ("yuv420p", "yuv420p10le"), '' for other streams. */
  pix_fmt?: string;
  /** Video frame rate ("24000/1001"), '' when unknown or not video. */
  frame_rate?: string;
}

interface ProbeStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  channels?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number; default?: number; forced?: number };
  tags?: Record<string, string | undefined>;
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; bit_rate?: string; format_name?: string };
}

const STREAM_TYPES = new Set(["video", "audio", "subtitle"]);

/** A tag by name, whatever its case (Matroska writes LANGUAGE in some muxers). */
function tag(stream: ProbeStream, name: string): string {
  const tags = stream.tags ?? {};
  for (const [key, value] of Object.entries(tags)) if (key.toLowerCase() === name) return value ?? "";
  return "";
}

/** The streams playback lists: video (not cover art), audio and subtitles. */
export function streamsOf(probe: { streams?: ProbeStream[] }): MediaStream[] {
  const out: MediaStream[] = [];
  for (const [position, s] of (probe.streams ?? []).entries()) {
    if (!s.codec_type || !STREAM_TYPES.has(s.codec_type) || s.disposition?.attached_pic) continue;
    const type = s.codec_type as MediaStream["type"];
    const language = tag(s, "language");
    const rate = s.avg_frame_rate && s.avg_frame_rate !== "0/0" ? s.avg_frame_rate : "";
    out.push({
      index: s.index ?? position,
      type,
      codec: s.codec_name ?? "",
      language: language === "und" ? "" : language,
      title: tag(s, "title"),
      channels: type === "audio" ? (s.channels ?? 0) : 0,
      is_default: s.disposition?.default === 1,
      is_forced: s.disposition?.forced === 1,
      width: type === "video" ? (s.width ?? 0) : 0,
      height: type === "video" ? (s.height ?? 0) : 0,
      ...(type === "video" && { pix_fmt: s.pix_fmt ?? "", frame_rate: rate }),
    });
  }
  return out;
}

const finite = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** Reads ffprobe's JSON; undefined when the file has neither video nor audio. */
export function parseProbe(json: string): MediaInfo | undefined {
  const probe = JSON.parse(json) as ProbeOutput;
  const streams = probe.streams ?? [];
  // Cover art in audio files is a "video" stream flagged attached_pic: not a video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === "audio");
  if (!video && !audio) return undefined;
  return {
    durationMs: Math.round(finite(probe.format?.duration) * 1000),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    videoCodec: video?.codec_name ?? "",
    audioCodec: audio?.codec_name ?? "",
    bitRate: Math.round(finite(probe.format?.bit_rate)),
    frameRate: video?.avg_frame_rate && video.avg_frame_rate !== "0/0" ? video.avg_frame_rate : "",
    container: probe.format?.format_name ?? "",
    streams: streamsOf(probe),
  };
}

/** Probes a local file with ffprobe (`MediaTools`: the system's, else the one @ffprobe-installer ships). */
export async function probeMedia(
  ffprobe: string,
  file: string,
  signal?: AbortSignal,
): Promise<MediaInfo | undefined> {
  const args = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file];
  const result = await runTool(ffprobe, args, {
    timeoutMs: 60_000,
    signal,
    maxOutputBytes: 8 * 1024 * 1024,
  });
  if (result.code !== 0) return undefined;
  return parseProbe(result.stdout.toString("utf8"));
}

/** Spec §5: eac3 audio is flagged unsupported (browsers cannot play it). */
export function isUnsupportedAudio(codec: string): boolean {
  return codec.toLowerCase() === "eac3";
}
