import { NimbusError } from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { LinkChecks } from "../downloads/link-checks.js";
import type { FilesService } from "../files/index.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import { AUDIO_BITRATE, h264Level, maxRate, streamsOf } from "./ffmpeg-args.js";
import type { HlsSessions } from "./hls-sessions.js";
import { frameRate, masterPlaylist, variantPlaylist } from "./hls-timeline.js";
import type { MediaFacts, MediaStreams } from "./media-streams.js";
import { type PlaybackProfile, parseProfile } from "./playback-profile.js";

export interface HlsServiceDeps {
  files: Pick<FilesService, "openDownload">;
  streams: MediaStreams;
  sessions: HlsSessions;
  links: DownloadLinks;
  linkChecks: Pick<LinkChecks, "assertLive">;
  clock: Clock;
}

/** What an HLS request names once its link is checked. */
export interface HlsTarget {
  holder: LinkHolder;
  fileId: string;
  gcid: string;
  /** The file's modification time (validators of the answers). */
  modifiedAt: number;
  profileId: string;
  profile: PlaybackProfile;
  facts: MediaFacts;
}

export type HlsName =
  | { kind: "master" }
  | { kind: "variant" }
  | { kind: "init" }
  | { kind: "segment"; index: number };

export function parseHlsName(name: string): HlsName | undefined {
  if (name === "master.m3u8") return { kind: "master" };
  if (name === "main.m3u8") return { kind: "variant" };
  if (name === "init.mp4") return { kind: "init" };
  const m = /^(\d{1,6})\.m4s$/.exec(name);
  return m ? { kind: "segment", index: Number(m[1]) } : undefined;
}

/**
 * The HLS side of playback behind signed links (decision 0060): checks the link like a
 * download's (signature, expiry, the holder's session generation, the share still serving
 * the file), then answers playlists from the timeline and segments from `HlsSessions`.
 */
export class HlsService {
  constructor(private readonly deps: HlsServiceDeps) {}

  async resolve(fileId: string, profileId: string, token: string): Promise<HlsTarget> {
    const holder = this.deps.links.verifyPath("hls", `${fileId}/${profileId}`, token, this.deps.clock.now());
    await this.deps.linkChecks.assertLive(holder, [fileId]);
    const profile = parseProfile(profileId);
    if (!profile) throw new NimbusError("link_expired", "unknown profile");
    const { file } = await this.deps.files.openDownload(fileId);
    const gcid = file.blob_gcid as string;
    const facts = await this.deps.streams.facts(gcid);
    if (!facts) throw new NimbusError("file_not_playable");
    const { video, audio } = streamsOf(facts, profile);
    if (profile.audio >= 0 && !audio) throw new NimbusError("file_not_playable", "no such audio stream");
    if (!video && !audio) throw new NimbusError("file_not_playable");
    return { holder, fileId, gcid, modifiedAt: file.modified_at, profileId, profile, facts };
  }

  master(target: HlsTarget): string {
    const { facts, profile } = target;
    const { video, audio } = streamsOf(facts, profile);
    if (profile.mode === "transcode" && video) {
      const height = profile.height > 0 && profile.height < video.height ? profile.height : video.height;
      const width = Math.round((video.width * height) / Math.max(video.height, 1) / 2) * 2;
      return masterPlaylist({
        bandwidth: maxRate(height) + (audio ? AUDIO_BITRATE : 0),
        width,
        height,
        codecs: [h264Level(height).codec, audio ? "mp4a.40.2" : ""].filter(Boolean).join(","),
        frameRate: frameRate(video.frame_rate ?? facts.frameRate),
      });
    }
    const audioCodec = audio && profile.mode !== "remux" ? "mp4a.40.2" : "";
    return masterPlaylist({
      bandwidth: facts.bitRate || 2_000_000,
      width: video?.width ?? 0,
      height: video?.height ?? 0,
      // A copied video's codec string needs its profile and level: left to the init segment.
      codecs: video ? "" : audioCodec,
      frameRate: video ? frameRate(video.frame_rate ?? facts.frameRate) : 0,
    });
  }

  async variant(target: HlsTarget): Promise<string> {
    return variantPlaylist(await this.deps.sessions.timeline(target.gcid, target.facts, target.profile));
  }

  /** A segment's path on disk (-1: the init segment), made if needed. */
  segment(target: HlsTarget, index: number, viewer: string): Promise<string> {
    return this.deps.sessions.segment(
      target.gcid,
      target.profileId,
      target.profile,
      target.facts,
      index,
      viewer,
    );
  }
}
