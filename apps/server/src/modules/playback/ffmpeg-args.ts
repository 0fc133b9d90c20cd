import path from "node:path";
import type { Timeline } from "./hls-timeline.js";
import type { MediaFacts, MediaStream } from "./media-streams.js";
import type { PlaybackProfile } from "./playback-profile.js";

/**
 * ffmpeg's arguments for HLS (decision 0060), after Jellyfin's (`../shared/reference/playback.md`):
 * fMP4 segments with an init segment, `-copyts` so every run's segments sit on the source's
 * timeline, `-ss` before `-i` (fast and, decoding, frame-accurate), `-start_number N`,
 * `temp_file` so a segment's name appears only once it is complete.
 * Video: H.264 High, `-preset veryfast` with Jellyfin's x264opts, capped CRF 23, keyframes
 * forced on segment boundaries with scene cuts off, `format=yuv420p` (10-bit sources become
 * 8-bit). Audio: AAC stereo 192 kb/s (also when the video is transcoded and the audio would
 * play: a copied audio track starts at the previous keyframe after a seek). A remux copies
 * (`-c:v copy`), never re-encodes.
 */

/** Peak video bitrate by output height (`-maxrate`; `-bufsize` twice it). */
export function maxRate(height: number): number {
  if (height <= 360) return 1_000_000;
  if (height <= 480) return 1_500_000;
  if (height <= 720) return 3_000_000;
  if (height <= 1080) return 6_000_000;
  if (height <= 1440) return 10_000_000;
  return 20_000_000;
}

export const AUDIO_BITRATE = 192_000;

/** H.264 level by height, and its RFC 6381 codec string (High profile). */
export function h264Level(height: number): { level: string; codec: string } {
  if (height <= 720) return { level: "3.1", codec: "avc1.64001f" };
  if (height <= 1080) return { level: "4.1", codec: "avc1.640029" };
  return { level: "5.1", codec: "avc1.640033" };
}

export interface RunTarget {
  /** The run's own folder: its segments move from there into the stream's folder once whole. */
  dir: string;
  /**
   * Whether this ffmpeg has `-hls_segment_options` (5.0 on; the 4.1 that @ffmpeg-installer
   * ships has not, and its `-hls_ts_options` refuses mp4 flags): `frag_discont` carries the
   * audio's start delay into the fragments, `skip_sidx` keeps open-GOP times as they are.
   */
  segmentOptions?: boolean;
}

function common(target: RunTarget): string[] {
  return [
    "-copyts",
    "-avoid_negative_ts",
    "disabled",
    "-max_muxing_queue_size",
    "2048",
    "-f",
    "hls",
    "-hls_segment_type",
    "fmp4",
    "-hls_fmp4_init_filename",
    "init.mp4",
    ...(target.segmentOptions === false ? [] : ["-hls_segment_options", "movflags=+frag_discont+skip_sidx"]),
    "-hls_flags",
    "temp_file",
    // EVENT: the run's playlist is rewritten after each segment, which tells whole ones apart.
    "-hls_playlist_type",
    "event",
    "-hls_list_size",
    "0",
    "-hls_segment_filename",
    path.join(target.dir, "%d.m4s"),
  ];
}

function audioArgs(audio: MediaStream | undefined, copy: boolean): string[] {
  if (!audio) return [];
  if (copy) return ["-c:a", "copy"];
  const args = ["-c:a", "aac", "-ac", "2", "-b:a", String(AUDIO_BITRATE), "-ar", "48000"];
  // Jellyfin's downmix boost: 5.1 folded into stereo is quiet.
  if (audio.channels > 2) args.push("-af", "volume=2");
  return args;
}

/** The streams a profile plays. */
export function streamsOf(facts: MediaFacts, profile: PlaybackProfile) {
  const video = facts.streams.find((s) => s.type === "video");
  const audio = facts.streams.find((s) => s.type === "audio" && s.index === profile.audio);
  return { video, audio };
}

/**
 * One run of an equal-segment profile (video transcoded, or audio only), from segment
 * `start` to the end: `-ss` at its start, `-start_number` its index.
 */
export function sequentialArgs(
  source: string,
  facts: MediaFacts,
  profile: PlaybackProfile,
  timeline: Timeline,
  start: number,
  target: RunTarget,
): string[] {
  const { video, audio } = streamsOf(facts, profile);
  const at = timeline.starts[start] ?? 0;
  const args = ["-hide_banner", "-nostdin", "-v", "error"];
  if (at > 0) args.push("-ss", at.toFixed(6));
  args.push("-i", source, "-map_metadata", "-1", "-map_chapters", "-1", "-threads", "0");
  const transcodeVideo = profile.mode === "transcode" && video;
  if (transcodeVideo) {
    const height = profile.height > 0 && profile.height < video.height ? profile.height : 0;
    const scale = height > 0 ? `scale=-2:${height},` : "";
    if (profile.burn !== undefined) {
      args.push(
        "-filter_complex",
        `[0:${video.index}][0:${profile.burn}]overlay=eof_action=pass:repeatlast=0,${scale}format=yuv420p[v]`,
        "-map",
        "[v]",
      );
    } else {
      args.push("-map", `0:${video.index}`, "-vf", `${scale}format=yuv420p`);
    }
    const rate = maxRate(height || video.height);
    args.push(
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-x264opts:0",
      "subme=0:me_range=16:rc_lookahead=10:me=hex:open_gop=0",
      "-profile:v",
      "high",
      "-level:v",
      h264Level(height || video.height).level,
      "-crf",
      "23",
      "-maxrate",
      String(rate),
      "-bufsize",
      String(rate * 2),
      "-force_key_frames:0",
      `expr:gte(t,n_forced*${timeline.segmentSeconds})`,
      "-sc_threshold:v:0",
      "0",
    );
  } else if (video) {
    args.push("-map", `0:${video.index}`, "-c:v", "copy");
  }
  if (audio) args.push("-map", `0:${audio.index}`, ...audioArgs(audio, profile.mode === "remux"));
  args.push(
    ...common(target),
    "-hls_time",
    String(timeline.segmentSeconds),
    "-start_number",
    String(start),
    path.join(target.dir, "run.m3u8"),
  );
  return args;
}

/**
 * One segment of a keyframe profile (video copied): from just past its keyframe (ffmpeg's
 * input seek with stream copy lands on the keyframe at or before the asked time; the exact
 * time would land on the previous one) to the next segment's keyframe.
 */
export function segmentArgs(
  source: string,
  facts: MediaFacts,
  profile: PlaybackProfile,
  timeline: Timeline,
  index: number,
  target: RunTarget,
): string[] {
  const { video, audio } = streamsOf(facts, profile);
  const start = timeline.starts[index] ?? 0;
  const next = timeline.starts[index + 1];
  const args = ["-hide_banner", "-nostdin", "-v", "error"];
  if (index > 0) {
    const gap = (next ?? start + 1) - start;
    args.push("-ss", (start + Math.min(0.1, gap / 2)).toFixed(6));
  }
  args.push("-fflags", "+genpts", "-i", source, "-map_metadata", "-1", "-map_chapters", "-1");
  if (next !== undefined) args.push("-to", next.toFixed(6));
  if (video) args.push("-map", `0:${video.index}`, "-c:v", "copy");
  // Chromium and Safari want HEVC in MP4 tagged hvc1 (Matroska's is hev1-style).
  if (video?.codec === "hevc") args.push("-tag:v", "hvc1");
  if (audio) args.push("-map", `0:${audio.index}`, ...audioArgs(audio, profile.mode === "remux"));
  args.push(
    ...common(target),
    "-hls_time",
    "100000",
    "-start_number",
    String(index),
    path.join(target.dir, "run.m3u8"),
  );
  return args;
}

/** ffprobe's arguments listing the keyframe times of the first video stream (packets only, no decoding). */
export function keyframeProbeArgs(source: string, video: MediaStream): string[] {
  return [
    "-v",
    "error",
    "-select_streams",
    String(video.index),
    "-show_entries",
    "packet=pts_time,flags",
    "-of",
    "csv=p=0",
    source,
  ];
}

/** Keyframe times from `keyframeProbeArgs`' output, sorted. */
export function parseKeyframes(csv: string): number[] {
  const out: number[] = [];
  for (const line of csv.split("\n")) {
    const [pts, flags] = line.split(",");
    if (!flags?.includes("K")) continue;
    const t = Number(pts);
    if (Number.isFinite(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}
