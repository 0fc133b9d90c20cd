import type { MediaFacts } from "./media-streams.js";
import type { PlaybackProfile } from "./playback-profile.js";

/**
 * Where each HLS segment of a profile starts and ends, known before ffmpeg runs, so the
 * variant playlist lists every segment up front (decision 0060).
 *
 * - Video transcoded (and audio-only streams): equal segments of `TRANSCODE_SEGMENT_S`
 *   (stretched by ceil(fps)/fps for fractional rates, so a keyframe forced at t ≥ n·len
 *   falls on a frame: 2 s at 23.976 fps is 2.002 s), the last one shorter. 2 s, not
 *   Jellyfin's 3: a seek waits for one whole segment to be encoded, on 2 cores about
 *   0.4 s less. ffmpeg forces a
 *   keyframe on each boundary, so a run started at any boundary cuts on the same grid.
 * - Video copied (remux, audio transcode): the source's own keyframes decide, so segments
 *   start at the first keyframe at least `COPY_SEGMENT_S` after the previous start. Each
 *   segment is cut by its own short ffmpeg run between its two keyframes (`-ss` just past
 *   the first, `-to` the next), so the cuts are exactly these whatever was asked before.
 */
export const TRANSCODE_SEGMENT_S = 2;
export const COPY_SEGMENT_S = 6;
/** The shortest last segment of an equal timeline. */
const TAIL_S = 0.5;

export interface Timeline {
  /** Start of each segment, seconds on the source's timeline (ffmpeg runs with -copyts). */
  starts: number[];
  /** Length of each segment. */
  durations: number[];
  /** Equal segments made by one ffmpeg run each restart, or keyframe segments made one run each. */
  kind: "equal" | "keyframes";
  /** The nominal length (`-hls_time`). */
  segmentSeconds: number;
}

/** Frames per second of "24000/1001"-style rates; 0 when unknown. */
export function frameRate(rate: string): number {
  const [num, den = "1"] = rate.split("/");
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function equalTimeline(durationS: number, fps: number): Timeline {
  let length = TRANSCODE_SEGMENT_S;
  if (fps > 0 && Math.abs(fps - Math.round(fps)) > 0.001)
    length = (TRANSCODE_SEGMENT_S * Math.ceil(fps)) / fps;
  const starts: number[] = [];
  const durations: number[] = [];
  const total = Math.max(durationS, 0.001);
  for (let start = 0, i = 0; start < total - 0.01; i++, start = i * length) {
    // A tail shorter than TAIL_S (audio running past the last frame, a container's rounding)
    // has no keyframe of its own to cut at: it belongs to the segment before.
    if (i > 0 && total - start < TAIL_S) {
      durations[i - 1] = round(total - (starts[i - 1] ?? 0));
      break;
    }
    starts.push(round(start));
    durations.push(round(Math.min(length, total - start)));
  }
  return { starts, durations, kind: "equal", segmentSeconds: length };
}

/** Keyframe segments from the keyframe times (sorted) and the duration. */
export function keyframeTimeline(keyframes: readonly number[], durationS: number): Timeline {
  const starts = [0];
  let last = keyframes[0] ?? 0;
  for (const k of keyframes) {
    if (k - last >= COPY_SEGMENT_S - 0.001 && k < durationS - 0.05) {
      starts.push(round(k));
      last = k;
    }
  }
  const durations = starts.map((start, i) => round((starts[i + 1] ?? durationS) - start));
  return { starts, durations, kind: "keyframes", segmentSeconds: COPY_SEGMENT_S };
}

/** Whether a profile copies the source's video (its segments follow the source's keyframes). */
export function copiesVideo(profile: PlaybackProfile, facts: MediaFacts): boolean {
  return profile.mode !== "transcode" && facts.streams.some((s) => s.type === "video");
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** The variant playlist: every segment with its length, the fMP4 init segment, VOD. */
export function variantPlaylist(timeline: Timeline): string {
  const target = Math.ceil(Math.max(...timeline.durations, 1));
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    '#EXT-X-MAP:URI="init.mp4"',
  ];
  timeline.durations.forEach((d, i) => {
    lines.push(`#EXTINF:${d.toFixed(6)},`, `${i}.m4s`);
  });
  lines.push("#EXT-X-ENDLIST", "");
  return lines.join("\n");
}

export interface VariantInfo {
  bandwidth: number;
  width: number;
  height: number;
  /** RFC 6381 codecs, '' when not known (a copied stream: hls.js reads the init segment). */
  codecs: string;
  frameRate: number;
}

/** The master playlist: one variant (another rendition or audio track is another plan and profile). */
export function masterPlaylist(variant: VariantInfo): string {
  const attrs = [`BANDWIDTH=${Math.max(1, Math.round(variant.bandwidth))}`];
  if (variant.codecs) attrs.push(`CODECS="${variant.codecs}"`);
  if (variant.width > 0 && variant.height > 0) attrs.push(`RESOLUTION=${variant.width}x${variant.height}`);
  if (variant.frameRate > 0) attrs.push(`FRAME-RATE=${variant.frameRate.toFixed(3)}`);
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    `#EXT-X-STREAM-INF:${attrs.join(",")}`,
    "main.m3u8",
    "",
  ].join("\n");
}
