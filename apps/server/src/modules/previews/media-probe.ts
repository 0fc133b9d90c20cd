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
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  disposition?: { attached_pic?: number };
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { duration?: string; bit_rate?: string };
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
