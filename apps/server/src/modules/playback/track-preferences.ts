import type { PlaybackSubtitle } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import type { Clock } from "../../lib/clock.js";
import type { MediaStream } from "../previews/media-probe.js";
import type { PlaybackHooks } from "./playback-hooks.js";
import type { PlaybackPositions } from "./playback-positions.js";
import { normalizeLanguage } from "./sidecar.js";
import { parseSubtitleId, type Subtitles } from "./subtitles.js";

/**
 * The audio and subtitle languages a user last picked in the player (ISO 639-2/B), which
 * the next file they open starts with when it has them. `subtitleLanguage` '' means the
 * user turned subtitles off; null (either) means they never chose.
 */
export interface TrackPreference {
  audioLanguage: string | null;
  subtitleLanguage: string | null;
}

const NONE: TrackPreference = { audioLanguage: null, subtitleLanguage: null };

/** One row per user in `playback_preferences` (migration 0030). */
export class TrackPreferences {
  constructor(private readonly db: Db) {}

  async of(userId: string): Promise<TrackPreference> {
    if (!userId) return NONE;
    const row = await this.db
      .selectFrom("playback_preferences")
      .select(["audio_language", "subtitle_language"])
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return row ? { audioLanguage: row.audio_language, subtitleLanguage: row.subtitle_language } : NONE;
  }

  /** Keeps what `choice` names; a field left undefined keeps the stored one. */
  async remember(userId: string, choice: Partial<TrackPreference>, now: number): Promise<void> {
    const set = {
      ...(choice.audioLanguage !== undefined && { audio_language: choice.audioLanguage }),
      ...(choice.subtitleLanguage !== undefined && { subtitle_language: choice.subtitleLanguage }),
    };
    if (Object.keys(set).length === 0) return;
    await this.db
      .insertInto("playback_preferences")
      .values({ user_id: userId, audio_language: null, subtitle_language: null, ...set, updated_at: now })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ ...set, updated_at: now }))
      .execute();
  }
}

/** What the plan needs of a saved position (`PlaybackPositions.get`). */
export interface SavedTracks {
  audioTrack: number | null;
  subtitle: string | null;
}

/**
 * The audio stream to play: the one chosen for this file before, else the first in the
 * remembered language, else the file's default, else the first; -1 without audio.
 */
export function pickAudioTrack(
  streams: readonly MediaStream[],
  preference: TrackPreference,
  saved?: SavedTracks,
): number {
  const audio = streams.filter((s) => s.type === "audio");
  if (audio.length === 0) return -1;
  if (saved?.audioTrack != null && audio.some((s) => s.index === saved.audioTrack)) return saved.audioTrack;
  const wanted = preference.audioLanguage;
  const inLanguage = wanted ? audio.find((s) => normalizeLanguage(s.language) === wanted) : undefined;
  return (inLanguage ?? audio.find((s) => s.is_default) ?? audio[0])?.index ?? -1;
}

/**
 * The subtitle to show first ('' none): the one chosen for this file before, else one in the
 * remembered language (full before forced, the file's default first; never a burn-in one,
 * which would force a transcode nobody asked for), else none.
 */
export function pickSubtitle(
  subtitles: readonly PlaybackSubtitle[],
  preference: TrackPreference,
  saved?: SavedTracks,
): string {
  if (saved?.subtitle != null) {
    if (saved.subtitle === "" || subtitles.some((s) => s.id === saved.subtitle)) return saved.subtitle;
  }
  const wanted = preference.subtitleLanguage;
  if (!wanted) return "";
  const candidates = subtitles.filter((s) => !s.burn_in && normalizeLanguage(s.language) === wanted);
  const rank = (s: PlaybackSubtitle) => (s.is_forced ? 2 : 0) + (s.is_default ? 0 : 1);
  return candidates.sort((a, b) => rank(a) - rank(b))[0]?.id ?? "";
}

/** What `playbackHooks` plugs into the plan. */
export interface PlaybackStateParts {
  subtitles: Pick<Subtitles, "list">;
  positions: Pick<PlaybackPositions, "get">;
  preferences: Pick<TrackPreferences, "of">;
  clock: Clock;
}

/** Saved choices read while listing, kept for `chooseSubtitle` right after (the same plan). */
const PENDING_LIMIT = 1024;

/**
 * The plan's hooks (`PlaybackPlans.useHooks`): subtitles with the subtitle file chosen last
 * time on this video among them, the saved position (null once played to the end), the
 * remembered languages, and the first subtitle: this file's saved choice, else the
 * remembered language, else none.
 */
export function playbackHooks(parts: PlaybackStateParts): Partial<PlaybackHooks> {
  const pending = new Map<string, SavedTracks>();
  const key = (userId: string, fileId: string) => `${userId}\n${fileId}`;
  return {
    async listSubtitles(file, holder, facts) {
      const now = parts.clock.now();
      const viewer = holder.shareId ? "" : holder.userId;
      const saved = viewer ? await parts.positions.get(viewer, file.id) : undefined;
      if (viewer && saved) {
        if (pending.size >= PENDING_LIMIT) pending.clear();
        pending.set(key(viewer, file.id), saved);
      }
      const chosen = saved?.subtitle ? parseSubtitleId(saved.subtitle) : undefined;
      if (chosen && "fileId" in chosen) {
        // The file chosen last time, unless it has gone since (then the list without it).
        const listed = await parts.subtitles
          .list(file, holder, now, facts.streams, [chosen.fileId])
          .catch(() => undefined);
        if (listed) return listed;
      }
      return parts.subtitles.list(file, holder, now, facts.streams);
    },
    positions: {
      get: async (userId, fileId) => (await parts.positions.get(userId, fileId))?.position ?? null,
    },
    preferences: {
      async of(userId) {
        const preference = await parts.preferences.of(userId);
        if (preference.audioLanguage === null && preference.subtitleLanguage === null) return null;
        return {
          audio_language: preference.audioLanguage ?? "",
          subtitle: preference.subtitleLanguage ?? "",
        };
      },
    },
    chooseSubtitle(userId, fileId, subtitles, preference) {
      const saved = pending.get(key(userId, fileId));
      pending.delete(key(userId, fileId));
      const remembered = { audioLanguage: null, subtitleLanguage: preference?.subtitle || null };
      return pickSubtitle(subtitles, remembered, saved);
    },
  };
}
