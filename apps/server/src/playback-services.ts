import type { DriveServices } from "./drive-services.js";
import type { MediaServices } from "./media-services.js";
import { HlsService } from "./modules/playback/hls-service.js";
import { HlsSessions } from "./modules/playback/hls-sessions.js";
import { PlaybackMedias } from "./modules/playback/playback-medias.js";
import type { Shared } from "./services.js";
import type { ShareServices } from "./share-services.js";

/** HLS made on demand (decision 0060): the streams being made and the routes' service. */
export interface PlaybackServices {
  hls: HlsService;
  /** ffmpeg runs, restarts, idle stops and transcode limits; closed with the app. */
  hlsSessions: HlsSessions;
  /** `medias[]` renditions of `GET /drive/v1/files/{id}`. */
  playbackMedias: PlaybackMedias;
}

export function wirePlayback(
  shared: Shared,
  media: Pick<
    MediaServices,
    "mediaStreams" | "mediaTools" | "sourceFiles" | "playbackCache" | "playbackPlans"
  >,
  drive: Pick<DriveServices, "files">,
  shares: Pick<ShareServices, "linkChecks">,
): PlaybackServices {
  const { clock, config, links } = shared;
  const hlsSessions = new HlsSessions({
    cache: media.playbackCache,
    sources: media.sourceFiles,
    clock,
    ffmpeg: () => media.mediaTools.find("ffmpeg"),
    ffprobe: () => media.mediaTools.find("ffprobe"),
    limits: {
      maxTranscodes: config.playback.maxTranscodes,
      maxTranscodesPerUser: config.playback.maxTranscodesPerUser,
      idleMs: config.playback.idleMs,
    },
  });
  media.playbackPlans.useLimits(hlsSessions);
  const hls = new HlsService({
    files: drive.files,
    streams: media.mediaStreams,
    sessions: hlsSessions,
    links,
    linkChecks: shares.linkChecks,
    clock,
  });
  const playbackMedias = new PlaybackMedias({
    streams: media.mediaStreams,
    plans: media.playbackPlans,
    memberships: shared.memberships,
    users: shared.users,
    clock,
    policy: { freeMaxHeight: config.playback.freeMaxHeight },
  });
  return { hls, hlsSessions, playbackMedias };
}
