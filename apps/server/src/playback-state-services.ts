import path from "node:path";
import type { MediaServices } from "./media-services.js";
import { PlaybackPositions } from "./modules/playback/playback-positions.js";
import { Subtitles } from "./modules/playback/subtitles.js";
import { WebVttCache } from "./modules/playback/subtitles-webvtt.js";
import { playbackHooks, TrackPreferences } from "./modules/playback/track-preferences.js";
import type { Shared } from "./services.js";
import type { ShareServices } from "./share-services.js";

/** What playback keeps per user and what it lists beside a video: positions, track choices, subtitles. */
export interface PlaybackStateServices {
  playbackPositions: PlaybackPositions;
  trackPreferences: TrackPreferences;
  subtitles: Subtitles;
}

/**
 * Builds them and plugs them into the plan (`PlaybackPlans.useHooks`). WebVTT is cached under
 * `DATA_DIR/playback/subtitles`, by blob and stream.
 */
export function wirePlaybackState(
  shared: Shared,
  media: Pick<MediaServices, "mediaStreams" | "mediaTools" | "sourceFiles" | "playbackPlans">,
  shares: Pick<ShareServices, "shareVisits">,
): PlaybackStateServices {
  const { db, clock, config, users, links } = shared;
  const files = shared.filesRepository;
  const trackPreferences = new TrackPreferences(db);
  const playbackPositions = new PlaybackPositions({
    db,
    clock,
    files,
    streams: media.mediaStreams,
    preferences: trackPreferences,
  });
  const cache = new WebVttCache(path.join(config.dataDir, "playback", "subtitles"), () =>
    media.mediaTools.find("ffmpeg"),
  );
  const subtitles = new Subtitles({
    files,
    users,
    clock,
    links,
    publicUrl: config.publicUrl,
    shares: shares.shareVisits,
    streams: media.mediaStreams,
    cache,
    open: (gcid) => media.sourceFiles.open(gcid),
  });
  media.playbackPlans.useHooks(
    playbackHooks({ subtitles, positions: playbackPositions, preferences: trackPreferences, clock }),
  );
  return { playbackPositions, trackPreferences, subtitles };
}
