import type { PlaybackMode } from "@nimbus/protocol";

/**
 * What one HLS stream is made of, as a short path-safe id: the mode, the output height, the
 * audio stream and an image subtitle drawn into the picture. Segments are cached under
 * blob + profile (not user or session), so any viewer of the same bytes asking for the same
 * profile reuses them. `r720a1`: remux (height is the source's), audio stream 1;
 * `x…`: video copied, audio to AAC; `t480a1s3`: H.264 at 480 lines, audio 1, subtitle 3 burned in.
 */
export interface PlaybackProfile {
  mode: Exclude<PlaybackMode, "direct">;
  /** Output height (the source's when not scaled); 0 for audio-only. */
  height: number;
  /** The audio stream's index; -1 for none. */
  audio: number;
  /** The image subtitle stream burned in, when any. */
  burn?: number | undefined;
}

const LETTER = { remux: "r", audio_transcode: "x", transcode: "t" } as const;
const MODE: Record<string, PlaybackProfile["mode"]> = { r: "remux", x: "audio_transcode", t: "transcode" };
const PATTERN = /^([rxt])(\d{1,4})a(-1|\d{1,4})(?:s(\d{1,4}))?$/;

export function profileId(profile: PlaybackProfile): string {
  const burn = profile.burn !== undefined ? `s${profile.burn}` : "";
  return `${LETTER[profile.mode]}${profile.height}a${profile.audio}${burn}`;
}

/** The profile an id names; undefined when it is not one. */
export function parseProfile(id: string): PlaybackProfile | undefined {
  const m = PATTERN.exec(id);
  if (!m) return undefined;
  const mode = MODE[m[1] ?? ""];
  if (!mode) return undefined;
  return {
    mode,
    height: Number(m[2]),
    audio: Number(m[3]),
    ...(m[4] !== undefined && { burn: Number(m[4]) }),
  };
}
