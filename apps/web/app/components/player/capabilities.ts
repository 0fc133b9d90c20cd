import type { PlaybackCapabilities } from "@nimbus/protocol";

/**
 * What this browser decodes, as the plan endpoint asks it (decision 0061): containers it
 * plays as plain files (`canPlayType`), the video and audio codecs it decodes (through
 * MediaSource when HLS goes through hls.js, else `canPlayType`), and how HLS plays.
 * The probing is injected so the mapping is tested without a browser.
 */
export interface MediaProbe {
  /** `HTMLMediaElement.canPlayType`: "", "maybe" or "probably". */
  canPlayType(type: string): string;
  /** `MediaSource.isTypeSupported`, or undefined when the browser has no MediaSource. */
  isTypeSupported: ((type: string) => boolean) | undefined;
  /** Apple's browsers, whose native HLS is the better player (Safari, every iOS browser). */
  apple: boolean;
}

/** Container name (as the server's probe calls it) → the MIME type a plain file of it plays under. */
const CONTAINERS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["mp4", ["video/mp4"]],
  ["m4a", ["audio/mp4", "audio/x-m4a"]],
  ["mov", ["video/quicktime"]],
  ["webm", ["video/webm"]],
  ["mkv", ["video/x-matroska", "video/matroska"]],
  ["ogg", ["video/ogg", "audio/ogg"]],
  ["mp3", ["audio/mpeg"]],
  ["aac", ["audio/aac"]],
  ["flac", ["audio/flac", "audio/x-flac"]],
  ["wav", ["audio/wav", "audio/wave"]],
];

/** ffprobe codec name → the types that say whether it decodes (the first one MSE knows wins). */
const VIDEO_CODECS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["h264", ['video/mp4; codecs="avc1.640028"', 'video/mp4; codecs="avc1.42E01E"']],
  ["hevc", ['video/mp4; codecs="hvc1.1.6.L120.90"', 'video/mp4; codecs="hev1.1.6.L120.90"']],
  ["vp9", ['video/webm; codecs="vp9"', 'video/mp4; codecs="vp09.00.10.08"']],
  ["vp8", ['video/webm; codecs="vp8"']],
  ["av1", ['video/mp4; codecs="av01.0.05M.08"', 'video/webm; codecs="av01.0.05M.08"']],
  ["theora", ['video/ogg; codecs="theora"']],
];

const AUDIO_CODECS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["aac", ['audio/mp4; codecs="mp4a.40.2"']],
  ["mp3", ["audio/mpeg", 'audio/mp4; codecs="mp4a.6B"', 'audio/mp4; codecs="mp3"']],
  ["opus", ['audio/webm; codecs="opus"', 'audio/mp4; codecs="opus"']],
  ["vorbis", ['audio/webm; codecs="vorbis"', 'audio/ogg; codecs="vorbis"']],
  ["flac", ['audio/mp4; codecs="flac"', "audio/flac"]],
  ["alac", ['audio/mp4; codecs="alac"']],
  ["ac3", ['audio/mp4; codecs="ac-3"']],
  ["eac3", ['audio/mp4; codecs="ec-3"']],
  ["dts", ['audio/mp4; codecs="dtsc"']],
  ["pcm_s16le", ['audio/wav; codecs="1"']],
];

const HLS_TYPE = "application/vnd.apple.mpegurl";
/** What an fMP4 HLS stream made by the server carries at least (H.264 + AAC). */
const HLS_BASELINE = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

/**
 * How HLS plays: natively on Apple's browsers (and wherever MediaSource is missing), else
 * through hls.js on MediaSource. Chromium answers `canPlayType` for HLS too in recent
 * versions, but hls.js there keeps the buffer settings and the media-error recovery.
 */
export function hlsMode(probe: MediaProbe): PlaybackCapabilities["hls"] {
  const native = probe.canPlayType(HLS_TYPE) !== "";
  const mse = Boolean(probe.isTypeSupported?.(HLS_BASELINE));
  if (native && (probe.apple || !mse)) return "native";
  if (mse) return "mse";
  return native ? "native" : "none";
}

export function detectCapabilities(probe: MediaProbe): PlaybackCapabilities {
  const hls = hlsMode(probe);
  const plays = (type: string) => probe.canPlayType(type) !== "";
  // Codecs that reach the player through hls.js must decode through MediaSource.
  const decodes = (type: string) =>
    hls === "mse" && probe.isTypeSupported ? probe.isTypeSupported(type) : plays(type);
  const names = (table: typeof VIDEO_CODECS, test: (type: string) => boolean) =>
    table.filter(([, types]) => types.some(test)).map(([name]) => name);
  return {
    containers: names(CONTAINERS, plays),
    video_codecs: names(VIDEO_CODECS, decodes),
    audio_codecs: names(AUDIO_CODECS, decodes),
    hls,
  };
}

/** This browser's probe; undefined on the server. */
export function browserProbe(): MediaProbe | undefined {
  if (typeof document === "undefined") return undefined;
  const video = document.createElement("video");
  const source =
    (globalThis as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? globalThis.MediaSource;
  const agent = navigator.userAgent;
  return {
    canPlayType: (type) => video.canPlayType(type),
    isTypeSupported: source ? (type) => source.isTypeSupported(type) : undefined,
    apple: /iP(hone|ad|od)/.test(agent) || (/Safari\//.test(agent) && /Apple/.test(navigator.vendor)),
  };
}
