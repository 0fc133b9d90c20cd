import type { PlaybackPosition, PlaybackSubtitle } from "@nimbus/protocol";
import type { FileRow } from "../files/index.js";
import type { LinkHolder } from "../links/download-links.js";
import type { MediaFacts } from "./media-streams.js";

/** A user's remembered track choices (`track-preferences`): by language, so they carry to the next file. */
export interface TrackPreference {
  /** ISO 639-2 of the audio track last chosen; '' for none remembered. */
  audio_language: string;
  /** The subtitle id last chosen on this file, or a language to pick on others; '' for none (subtitles off). */
  subtitle: string;
}

/**
 * What the plan takes from subtitles, saved positions and remembered tracks (their own
 * files in this module). Until they are wired the plan answers none of each.
 */
export interface PlaybackHooks {
  /** Embedded, sidecar and chosen subtitle files of `file`, with WebVTT links made for `holder`. */
  listSubtitles(file: FileRow, holder: LinkHolder, facts: MediaFacts): Promise<PlaybackSubtitle[]>;
  positions: { get(userId: string, fileId: string): Promise<PlaybackPosition | null> };
  preferences: { of(userId: string): Promise<TrackPreference | null> };
  /** The subtitle to show first among `subtitles` for this user and file; '' for none. */
  chooseSubtitle?(
    userId: string,
    fileId: string,
    subtitles: readonly PlaybackSubtitle[],
    preference: TrackPreference | null,
  ): string;
}

export const NO_HOOKS: PlaybackHooks = {
  listSubtitles: async () => [],
  positions: { get: async () => null },
  preferences: { of: async () => null },
};
