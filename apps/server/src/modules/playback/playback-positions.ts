import { NimbusError, type PlaybackPosition, type SavePlaybackPosition } from "@nimbus/protocol";
import type { Db } from "../../db/database.js";
import { isForeignKeyViolation } from "../../db/errors.js";
import { type Clock, isoTime } from "../../lib/clock.js";
import type { FileRow } from "../files/index.js";
import type { MediaStream } from "../previews/media-probe.js";
import { languageInName, matchSidecar, normalizeLanguage, subtitleFormatOf } from "./sidecar.js";
import type { SavedTracks, TrackPreference, TrackPreferences } from "./track-preferences.js";

/** A position this close to the end (or closer than `END_SHARE` of it) counts as played to the end. */
export const END_MARGIN_MS = 5_000;
export const END_SHARE = 0.05;
/** Players round their clock differently: a position up to this far past the duration is the end. */
const OVERSHOOT_MS = 1_000;
/** Lookups in slices: a folder of thousands of items stays under the parameter limits. */
const LOOKUP_SLICE = 500;

/** Whether a position is within the last 5 % or the last 5 s: the next play starts over. */
export function isFinished(positionMs: number, durationMs: number): boolean {
  const remaining = durationMs - positionMs;
  return remaining <= END_MARGIN_MS || remaining <= durationMs * END_SHARE;
}

/** For file lists: the positions of `fileIds` (one query per 500), finished ones at their end. */
export async function lookupPositions(
  db: Db,
  userId: string,
  fileIds: readonly string[],
): Promise<Map<string, PlaybackPosition>> {
  const found = new Map<string, PlaybackPosition>();
  if (!userId) return found;
  for (let start = 0; start < fileIds.length; start += LOOKUP_SLICE) {
    const rows = await db
      .selectFrom("playback_positions")
      .select(["file_id", "position_ms", "duration_ms", "updated_at"])
      .where("user_id", "=", userId)
      .where("file_id", "in", fileIds.slice(start, start + LOOKUP_SLICE))
      .execute();
    for (const row of rows) found.set(row.file_id, present(row));
  }
  return found;
}

/** The lookup file lists use (`FilesService`'s `positions`), built before the rest of playback. */
export function positionLookup(db: Db) {
  return { lookup: (userId: string, fileIds: readonly string[]) => lookupPositions(db, userId, fileIds) };
}

/** Where a user stopped in one file and what they chose there (`get`). */
export interface SavedPlayback extends SavedTracks {
  /** null when played to the end: the next play starts at 0. */
  position: PlaybackPosition | null;
}

export interface PlaybackPositionsDeps {
  db: Db;
  clock: Clock;
  /** The caller's own file: another user's, or an unknown id, is not found. */
  files: { findOwned(userId: string, id: string): Promise<FileRow | undefined> };
  /** The streams of a blob (`MediaStreams.of`): checks the chosen tracks and names their languages. */
  streams: { of(gcid: string): Promise<MediaStream[]> };
  preferences: TrackPreferences;
}

type Row = {
  file_id: string;
  position_ms: number;
  duration_ms: number;
  updated_at: number;
};

function present(row: Row): PlaybackPosition {
  return {
    position_ms: Number(row.position_ms),
    duration_ms: Number(row.duration_ms),
    updated_time: isoTime(Number(row.updated_at)),
  };
}

/**
 * Playback positions per user and file (`playback_positions`, migration 0030): saved every few
 * seconds by the player, read by the plan to resume and by file lists to show progress. A
 * position near the end is stored as the end (`position_ms` = `duration_ms`): the list shows the
 * file watched and the plan starts it at 0. Rows go with their file and their user (foreign keys).
 */
export class PlaybackPositions {
  constructor(private readonly deps: PlaybackPositionsDeps) {}

  /** `PUT /drive/v1/files/{id}/playback_position`: validates, stores, and remembers the track languages. */
  async save(userId: string, fileId: string, body: SavePlaybackPosition): Promise<void> {
    const file = await this.deps.files.findOwned(userId, fileId);
    if (
      !file ||
      file.trashed_at !== null ||
      file.blob_gcid === null ||
      file.phase !== "PHASE_TYPE_COMPLETE"
    ) {
      throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
    }
    if (!file.mime_type.startsWith("video/") && !file.mime_type.startsWith("audio/")) {
      throw invalid("id", "not a video or audio file");
    }
    const { duration_ms: durationMs } = body;
    if (durationMs <= 0) throw invalid("duration_ms", "must be above 0");
    if (body.position_ms > durationMs + OVERSHOOT_MS) throw invalid("position_ms", "past the duration");
    const positionMs = isFinished(body.position_ms, durationMs) ? durationMs : body.position_ms;
    const languages = await this.languagesOf(userId, file, body);
    const now = this.deps.clock.now();
    const tracks = {
      ...(body.audio_track !== undefined && { audio_track: body.audio_track }),
      ...(body.subtitle !== undefined && { subtitle: body.subtitle }),
    };
    const values = { position_ms: positionMs, duration_ms: durationMs, ...tracks, updated_at: now };
    try {
      await this.deps.db
        .insertInto("playback_positions")
        .values({ file_id: fileId, user_id: userId, audio_track: null, subtitle: null, ...values })
        .onConflict((oc) => oc.columns(["file_id", "user_id"]).doUpdateSet(values))
        .execute();
      await this.deps.preferences.remember(userId, languages, now);
    } catch (error) {
      // Deleted for good between the check and the write.
      if (isForeignKeyViolation(error))
        throw new NimbusError("file_not_found", undefined, { metadata: { id: fileId } });
      throw error;
    }
  }

  /** For the plan: where `userId` stopped in `fileId` and the tracks they chose; undefined when never played. */
  async get(userId: string, fileId: string): Promise<SavedPlayback | undefined> {
    if (!userId) return undefined;
    const row = await this.deps.db
      .selectFrom("playback_positions")
      .select(["file_id", "position_ms", "duration_ms", "updated_at", "audio_track", "subtitle"])
      .where("file_id", "=", fileId)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    if (!row) return undefined;
    const finished = Number(row.position_ms) >= Number(row.duration_ms);
    return {
      position: finished ? null : present(row),
      audioTrack: row.audio_track === null ? null : Number(row.audio_track),
      subtitle: row.subtitle,
    };
  }

  lookup(userId: string, fileIds: readonly string[]): Promise<Map<string, PlaybackPosition>> {
    return lookupPositions(this.deps.db, userId, fileIds);
  }

  /**
   * The languages of the tracks the body names, checked against the file: an audio track must
   * be one of its audio streams, a subtitle one of its subtitle streams ("s<index>") or one of
   * the user's subtitle files ("f<fileId>"), or '' (off).
   */
  private async languagesOf(
    userId: string,
    file: FileRow,
    body: SavePlaybackPosition,
  ): Promise<Partial<TrackPreference>> {
    const { audio_track: audioTrack, subtitle } = body;
    if (audioTrack === undefined && (subtitle === undefined || subtitle === "")) {
      return subtitle === "" ? { subtitleLanguage: "" } : {};
    }
    const needsStreams = audioTrack !== undefined || subtitle?.startsWith("s");
    const streams = needsStreams && file.blob_gcid ? await this.deps.streams.of(file.blob_gcid) : [];
    const out: Partial<TrackPreference> = {};
    if (audioTrack !== undefined && audioTrack >= 0) {
      const stream = streams.find((s) => s.index === audioTrack && s.type === "audio");
      if (!stream) throw invalid("audio_track", "no such audio stream");
      out.audioLanguage = normalizeLanguage(stream.language) || null;
    }
    if (subtitle === "") out.subtitleLanguage = "";
    else if (subtitle !== undefined)
      out.subtitleLanguage = await this.subtitleLanguage(userId, file, streams, subtitle);
    return out;
  }

  private async subtitleLanguage(
    userId: string,
    video: FileRow,
    streams: readonly MediaStream[],
    id: string,
  ): Promise<string | null> {
    const embedded = /^s(\d{1,4})$/.exec(id);
    if (embedded) {
      const stream = streams.find((s) => s.index === Number(embedded[1]) && s.type === "subtitle");
      if (!stream) throw invalid("subtitle", "no such subtitle stream");
      return normalizeLanguage(stream.language) || null;
    }
    const fileId = id.startsWith("f") ? id.slice(1) : "";
    const subtitleFile = fileId ? await this.deps.files.findOwned(userId, fileId) : undefined;
    if (!subtitleFile || !subtitleFormatOf(subtitleFile.name)) throw invalid("subtitle", "no such subtitle");
    const language =
      matchSidecar(video.name, subtitleFile.name)?.language || languageInName(subtitleFile.name);
    return language || null;
  }
}

function invalid(field: string, detail: string): NimbusError {
  return new NimbusError("invalid_argument", detail, { metadata: { field } });
}
