import path from "node:path";
import {
  NimbusError,
  type PlaybackAudioTrack,
  type PlaybackPlan,
  type PlaybackRendition,
  type PlaybackRequest,
} from "@nimbus/protocol";
import type { Clock } from "../../lib/clock.js";
import type { FileRow } from "../files/index.js";
import type { DownloadLinks, LinkHolder } from "../links/download-links.js";
import type { Memberships } from "../membership/memberships.js";
import { resolutionName } from "../previews/preview-presenter.js";
import type { MediaFacts, MediaStream, MediaStreams } from "./media-streams.js";
import { containerName, decide } from "./playback-decision.js";
import { NO_HOOKS, type PlaybackHooks, type TrackPreference } from "./playback-hooks.js";
import { type PlaybackProfile, profileId } from "./playback-profile.js";

/** Heights offered below the source (`medias[]` and the plan's renditions), highest first. */
export const RENDITION_HEIGHTS = [2160, 1440, 1080, 720, 480, 360] as const;

export interface RenditionPolicy {
  /** The highest transcoded height a free user may play (`PLAYBACK_FREE_MAX_HEIGHT`); premium: any. */
  freeMaxHeight: number;
}

export interface PlaybackPlansDeps {
  streams: MediaStreams;
  links: DownloadLinks;
  memberships: Pick<Memberships, "status">;
  clock: Clock;
  publicUrl: string;
  policy: RenditionPolicy;
  hooks?: PlaybackHooks;
}

/** What the plan asks of the HLS streams before answering a transcode (`HlsSessions`). */
export interface TranscodeLimits {
  /** Stops the streams a new plan replaces, then throws the limit errors when it cannot start. */
  admit(viewer: string, gcid: string, profileId: string): Promise<void>;
}

export interface Rendition extends PlaybackRendition {
  /** Whether playing it needs a transcode (a lower height, or the original of a video that cannot be copied). */
  transcoded: boolean;
}

/** The renditions of a video: the original, then each ladder height below it. */
export function renditionsOf(sourceHeight: number, premium: boolean, policy: RenditionPolicy): Rendition[] {
  const locked = (height: number) => !premium && height > policy.freeMaxHeight;
  const out: Rendition[] = [
    {
      id: "origin",
      resolution_name: sourceHeight > 0 ? resolutionName(sourceHeight) : "Original",
      height: sourceHeight,
      // The original is locked only when it must be transcoded (decided per plan).
      locked: false,
      transcoded: false,
    },
  ];
  for (const height of RENDITION_HEIGHTS) {
    if (height >= sourceHeight) continue;
    out.push({
      id: `${height}p`,
      resolution_name: `${height}P`,
      height,
      locked: locked(height),
      transcoded: true,
    });
  }
  return out;
}

/** The audio stream played when none is asked for: the remembered language, else the default-flagged, else the first. */
export function pickAudio(
  audios: readonly MediaStream[],
  asked: number | undefined,
  preference: TrackPreference | null,
): MediaStream | undefined {
  if (asked !== undefined) {
    const chosen = audios.find((s) => s.index === asked);
    if (!chosen)
      throw new NimbusError("invalid_argument", "no such audio track", {
        metadata: { field: "audio_track" },
      });
    return chosen;
  }
  const language = preference?.audio_language;
  return (
    (language ? audios.find((s) => s.language === language) : undefined) ??
    audios.find((s) => s.is_default) ??
    audios[0]
  );
}

/**
 * The playback plan (decision 0060): from the stored streams and what the browser decodes,
 * the cheapest way this file plays, its renditions (free users' limited), audio tracks,
 * subtitles and saved position, with links made for `holder`.
 */
export class PlaybackPlans {
  private hooks: PlaybackHooks;
  private limits: TranscodeLimits | undefined;

  constructor(private readonly deps: PlaybackPlansDeps) {
    this.hooks = deps.hooks ?? NO_HOOKS;
  }

  /** The transcode limits: a plan that would start a video transcode over them is refused. */
  useLimits(limits: TranscodeLimits): void {
    this.limits = limits;
  }

  /** Wires subtitles, positions and remembered tracks (their modules are built after this one). */
  useHooks(hooks: Partial<PlaybackHooks>): void {
    this.hooks = { ...this.hooks, ...hooks };
  }

  /**
   * `viewerId` is who watches (their position and preferences; '' for an anonymous share
   * visitor), `holder` whom the links are made for, `viewerKey` whose transcode slots count
   * (the user, or `ip:<address>` for an anonymous visitor).
   */
  async plan(
    file: FileRow,
    request: PlaybackRequest,
    viewerId: string,
    holder: LinkHolder,
    viewerKey: string = viewerId,
  ): Promise<PlaybackPlan> {
    const facts = await this.factsOf(file);
    const video = facts.streams.find((s) => s.type === "video");
    const audios = facts.streams.filter((s) => s.type === "audio");
    const preference = viewerId ? await this.hooks.preferences.of(viewerId) : null;
    const audio = pickAudio(audios, request.audio_track, preference);
    const firstAudio = audios.find((s) => s.is_default) ?? audios[0];
    const premium = viewerId ? (await this.deps.memberships.status(viewerId)).premium !== null : false;
    const renditions = renditionsOf(video?.height ?? 0, premium, this.deps.policy);
    const burn = this.burnStream(facts, request.burn_subtitle);
    const container = containerName(facts.container, path.extname(file.name));
    const decisionOf = (rendition: Rendition) =>
      decide({
        capabilities: request.capabilities,
        container,
        video,
        audio,
        audioIsDefault: !audio || audio.index === firstAudio?.index,
        targetHeight: rendition.transcoded ? rendition.height : 0,
        burnSubtitle: burn !== undefined,
      });
    // The original is locked for free users when it plays only through a transcode above their limit.
    const origin = renditions[0] as Rendition;
    const originDecision = decisionOf(origin);
    if (originDecision.mode === "transcode" && !premium && origin.height > this.deps.policy.freeMaxHeight) {
      origin.locked = true;
    }
    const rendition = this.pickRendition(renditions, request.rendition);
    const decision = rendition === origin ? originDecision : decisionOf(rendition);
    const now = this.deps.clock.now();
    let url: string;
    if (decision.mode === "direct") {
      const link = this.deps.links.sign(file.id, holder, now);
      url = `${this.deps.publicUrl}${link.path}&disposition=inline`;
    } else {
      const profile: PlaybackProfile = {
        mode: decision.mode,
        height: video ? rendition.height : 0,
        audio: audio?.index ?? -1,
        ...(burn !== undefined && { burn }),
      };
      const id = profileId(profile);
      // The viewer's previous stream it replaces stops; the limits refuse up front, not mid-stream.
      if (profile.mode === "transcode") await this.limits?.admit(viewerKey, facts.gcid, id);
      url = this.masterUrl(file.id, id, holder, now);
    }
    const subtitles = await this.hooks.listSubtitles(file, holder, facts);
    const subtitle =
      viewerId && this.hooks.chooseSubtitle
        ? this.hooks.chooseSubtitle(viewerId, file.id, subtitles, preference)
        : "";
    return {
      file_id: file.id,
      mode: decision.mode,
      reasons: decision.reasons,
      url,
      kind: video ? "video" : "audio",
      duration_ms: facts.durationMs,
      renditions: renditions.map(({ transcoded: _, ...r }) => r),
      rendition: rendition.id,
      audio_tracks: audios.map(audioTrack),
      audio_track: audio?.index ?? -1,
      subtitles,
      subtitle,
      position: viewerId ? await this.hooks.positions.get(viewerId, file.id) : null,
    };
  }

  /** The signed master playlist of a profile of a file. */
  masterUrl(fileId: string, profile: string, holder: LinkHolder, now: number): string {
    return this.masterSigned(fileId, profile, holder, now).url;
  }

  masterSigned(
    fileId: string,
    profile: string,
    holder: LinkHolder,
    now: number,
  ): { url: string; expiresAt: number } {
    const link = this.deps.links.signPath("hls", `${fileId}/${profile}`, holder, now);
    return { url: `${this.deps.publicUrl}${link.path}master.m3u8`, expiresAt: link.expiresAt };
  }

  private async factsOf(file: FileRow): Promise<MediaFacts> {
    const facts = file.blob_gcid ? await this.deps.streams.facts(file.blob_gcid) : undefined;
    if (!facts?.streams.some((s) => s.type === "video" || s.type === "audio")) {
      throw new NimbusError("file_not_playable", undefined, { metadata: { id: file.id } });
    }
    return facts;
  }

  private pickRendition(renditions: readonly Rendition[], asked: string | undefined): Rendition {
    if (asked) {
      const found = renditions.find((r) => r.id === asked);
      if (!found)
        throw new NimbusError("invalid_argument", "no such rendition", { metadata: { field: "rendition" } });
      if (found.locked)
        throw new NimbusError("playback_rendition_locked", undefined, { metadata: { rendition: asked } });
      return found;
    }
    return renditions.find((r) => !r.locked) as Rendition;
  }

  /** The embedded image subtitle asked to be burned in (`s<index>`); undefined for none. */
  private burnStream(facts: MediaFacts, asked: string | undefined): number | undefined {
    if (!asked) return undefined;
    const m = /^s(\d{1,4})$/.exec(asked);
    const stream = m
      ? facts.streams.find((s) => s.type === "subtitle" && s.index === Number(m[1]))
      : undefined;
    if (!stream)
      throw new NimbusError("invalid_argument", "no such subtitle", { metadata: { field: "burn_subtitle" } });
    return stream.index;
  }
}

function audioTrack(stream: MediaStream): PlaybackAudioTrack {
  return {
    index: stream.index,
    language: stream.language,
    title: stream.title,
    codec: stream.codec,
    channels: stream.channels,
    is_default: stream.is_default,
  };
}
