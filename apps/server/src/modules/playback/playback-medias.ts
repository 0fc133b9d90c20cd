import type { DriveFile, Media } from "@nimbus/protocol";
import { type Clock, isoTime } from "../../lib/clock.js";
import type { Memberships } from "../membership/memberships.js";
import type { UsersRepository } from "../users/users-repository.js";
import { AUDIO_BITRATE, maxRate } from "./ffmpeg-args.js";
import type { MediaStreams } from "./media-streams.js";
import { type PlaybackPlans, type RenditionPolicy, renditionsOf } from "./playback-plans.js";
import { profileId } from "./playback-profile.js";

export interface PlaybackMediasDeps {
  streams: Pick<MediaStreams, "stored">;
  plans: Pick<PlaybackPlans, "masterSigned">;
  memberships: Pick<Memberships, "status">;
  users: Pick<UsersRepository, "sessionGeneration">;
  clock: Clock;
  policy: RenditionPolicy;
}

/**
 * `medias[]` of `GET /drive/v1/files/{id}` in PikPak's shape (decision 0060): after the
 * original, one entry per transcoded resolution below the source (480P, 720P, 1080P…) with
 * a signed HLS master playlist link (H.264 + AAC of the default audio track). Free users'
 * list stops at `PLAYBACK_FREE_MAX_HEIGHT`, as the plan's `renditions[].locked` says.
 */
export class PlaybackMedias {
  constructor(private readonly deps: PlaybackMediasDeps) {}

  async withRenditions(userId: string, file: DriveFile): Promise<DriveFile> {
    // `medias` is loosely typed in `drive#file` (PikPak's objects); these are `Media`s.
    const listed = file.medias as unknown as Media[];
    const origin = listed.find((m) => m.is_origin);
    if (!origin?.video || origin.video.height <= 0 || !file.hash) return file;
    const facts = await this.deps.streams.stored(file.hash);
    const video = facts?.streams.find((s) => s.type === "video");
    if (!facts || !video) return file;
    const audios = facts.streams.filter((s) => s.type === "audio");
    const audio = audios.find((s) => s.is_default) ?? audios[0];
    const premium = (await this.deps.memberships.status(userId)).premium !== null;
    const holder = { userId, generation: await this.deps.users.sessionGeneration(userId) };
    const now = this.deps.clock.now();
    const medias: Media[] = [...listed];
    for (const rendition of renditionsOf(video.height, premium, this.deps.policy)) {
      if (!rendition.transcoded || rendition.locked) continue;
      const profile = profileId({ mode: "transcode", height: rendition.height, audio: audio?.index ?? -1 });
      const link = this.deps.plans.masterSigned(file.id, profile, holder, now);
      const width = Math.round((video.width * rendition.height) / Math.max(video.height, 1) / 2) * 2;
      medias.push({
        media_id: `${file.id}-${rendition.id}`,
        media_name: file.name,
        resolution_name: rendition.resolution_name,
        is_origin: false,
        is_default: false,
        link: { url: link.url, token: "", expire: isoTime(link.expiresAt) },
        video: {
          duration: origin.video.duration,
          width,
          height: rendition.height,
          bit_rate: maxRate(rendition.height) + (audio ? AUDIO_BITRATE : 0),
          frame_rate: origin.video.frame_rate,
          video_codec: "h264",
          audio_codec: audio ? "aac" : "",
        },
        audio_codec_unsupported: false,
      });
    }
    return { ...file, medias: medias as unknown as DriveFile["medias"] };
  }
}
