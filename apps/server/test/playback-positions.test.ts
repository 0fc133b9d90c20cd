import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PURGE_DELETED_ACCOUNTS_JOB } from "../src/modules/accounts/account-jobs.js";
import { isFinished, PlaybackPositions } from "../src/modules/playback/playback-positions.js";
import { TrackPreferences } from "../src/modules/playback/track-preferences.js";
import { manualClock } from "./support/grants.js";
import { getFile, uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

const START = Date.UTC(2030, 2, 4, 12);

describe("playback: positions and remembered tracks", () => {
  let t: TestApp;
  let alice: TestUser;
  let dir: string;
  const clock = manualClock(START);
  /** English audio (1), Japanese audio (2), an English SubRip (3): streams of `film`. */
  let film: { id: string; hash: string };
  let mkv: Buffer;

  beforeAll(async () => {
    requireTools("ffmpeg", "ffprobe");
    t = await createTestApp({ clock });
    alice = await signUp(t.app);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-positions-"));
    const srt = path.join(dir, "s.srt");
    await writeFile(srt, "1\n00:00:00,500 --> 00:00:01,000\nHi\n");
    const file = path.join(dir, "film.mkv");
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=160x120:rate=25"],
      ...[
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=440:duration=2",
        "-f",
        "lavfi",
        "-i",
        "sine=frequency=660:duration=2",
      ],
      ...["-i", srt, "-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "flac", "-c:s", "srt"],
      ...[
        "-metadata:s:a:0",
        "language=eng",
        "-metadata:s:a:1",
        "language=jpn",
        "-metadata:s:s:0",
        "language=eng",
      ],
      ...["-shortest", "-y", file],
    ]);
    mkv = await readFile(file);
    film = await uploadFile(t.app, alice, "Film.mkv", mkv);
    await t.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const save = (user: TestUser, id: string, payload: unknown) =>
    t.app.inject({
      method: "PUT",
      url: `/drive/v1/files/${id}/playback_position`,
      headers: user.auth,
      payload: payload as object,
    });

  async function listed(user: TestUser, id: string) {
    const response = await t.app.inject({ url: "/drive/v1/files?parent_id=*", headers: user.auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().files.find((f: { id: string }) => f.id === id);
  }

  it("saves a position, reads it back on the file and in the list, and moves it on", async () => {
    expect((await getFile(t.app, alice, film.id)).playback_position).toBeUndefined();
    const first = await save(alice, film.id, { position_ms: 10_000, duration_ms: 60_000 });
    expect(first.statusCode, first.body).toBe(204);
    expect(first.body).toBe("");
    const expected = {
      position_ms: 10_000,
      duration_ms: 60_000,
      updated_time: new Date(START).toISOString(),
    };
    expect((await getFile(t.app, alice, film.id)).playback_position).toEqual(expected);
    expect((await listed(alice, film.id)).playback_position).toEqual(expected);

    clock.advance(5_000);
    expect((await save(alice, film.id, { position_ms: 15_000, duration_ms: 60_000 })).statusCode).toBe(204);
    expect((await getFile(t.app, alice, film.id)).playback_position).toEqual({
      position_ms: 15_000,
      duration_ms: 60_000,
      updated_time: new Date(START + 5_000).toISOString(),
    });
  });

  it("counts the last 5 % or 5 s as the end: shown watched, resumed at 0", async () => {
    // 57 s of 60 s: within 5 % (3 s) of the end.
    expect((await save(alice, film.id, { position_ms: 57_000, duration_ms: 60_000 })).statusCode).toBe(204);
    expect((await getFile(t.app, alice, film.id)).playback_position).toMatchObject({
      position_ms: 60_000,
      duration_ms: 60_000,
    });
    expect(isFinished(57_000, 60_000)).toBe(true);
    expect(isFinished(54_000, 60_000)).toBe(false);
    // A 2-hour film: 5 % is 6 minutes; a short clip: 5 s.
    expect(isFinished(7_000_000, 7_200_000)).toBe(true);
    expect(isFinished(6_000, 10_000)).toBe(true);
    expect(isFinished(4_000, 10_000)).toBe(false);
    // Played again from the start: a position again.
    expect((await save(alice, film.id, { position_ms: 3_000, duration_ms: 60_000 })).statusCode).toBe(204);
    expect((await getFile(t.app, alice, film.id)).playback_position).toMatchObject({ position_ms: 3_000 });
  });

  it("keeps positions of audio the browser cannot play natively (WMA, APE, DSD… are audio files too)", async () => {
    const wma = path.join(dir, "song.wma");
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=330:duration=2",
      "-c:a",
      "wmav2",
      "-y",
      wma,
    ]);
    const song = await uploadFile(t.app, alice, "Song.wma", await readFile(wma));
    expect(song.mime_type).toBe("audio/x-ms-wma");
    expect((await save(alice, song.id, { position_ms: 30_000, duration_ms: 240_000 })).statusCode).toBe(204);
    expect((await listed(alice, song.id)).playback_position).toMatchObject({ position_ms: 30_000 });
  });

  it("answers the error object for bad input", async () => {
    const cases: [unknown, string | undefined][] = [
      [{ position_ms: 70_000, duration_ms: 60_000 }, "position_ms"],
      [{ position_ms: 0, duration_ms: 0 }, "duration_ms"],
      [{ position_ms: -1, duration_ms: 60_000 }, undefined],
      [{ position_ms: 1.5, duration_ms: 60_000 }, undefined],
      [{ duration_ms: 60_000 }, undefined],
      [{ position_ms: 1_000, duration_ms: 60_000, audio_track: 3 }, "audio_track"],
      [{ position_ms: 1_000, duration_ms: 60_000, subtitle: "s1" }, "subtitle"],
      [{ position_ms: 1_000, duration_ms: 60_000, subtitle: "fnope" }, "subtitle"],
    ];
    for (const [payload, field] of cases) {
      const response = await save(alice, film.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ error: "invalid_argument", error_code: 3 });
      expect(body.error_description).toEqual(expect.any(String));
      const fields = (body.details as { metadata?: { field?: string } }[]).map((d) => d.metadata?.field);
      if (field) expect(fields, JSON.stringify(body)).toContain(field);
    }
    const doc = await uploadFile(t.app, alice, "notes.txt", Buffer.from("not a film"));
    expect((await save(alice, doc.id, { position_ms: 0, duration_ms: 1_000 })).json().error).toBe(
      "invalid_argument",
    );
    expect((await save(alice, "nope", { position_ms: 0, duration_ms: 1_000 })).json().error).toBe(
      "file_not_found",
    );
  });

  it("keeps positions per user: another user neither sees nor writes them", async () => {
    const bob = await signUp(t.app);
    const refused = await save(bob, film.id, { position_ms: 1_000, duration_ms: 60_000 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe("file_not_found");
    const bobsCopy = await uploadFile(t.app, bob, "Film.mkv", mkv);
    expect((await getFile(t.app, bob, bobsCopy.id)).playback_position).toBeUndefined();
    expect((await save(bob, bobsCopy.id, { position_ms: 20_000, duration_ms: 60_000 })).statusCode).toBe(204);
    expect((await getFile(t.app, bob, bobsCopy.id)).playback_position).toMatchObject({ position_ms: 20_000 });
    expect((await getFile(t.app, alice, film.id)).playback_position).toMatchObject({ position_ms: 3_000 });
  });

  it("remembers the chosen tracks by language for the next file", async () => {
    const chosen = await save(alice, film.id, {
      position_ms: 4_000,
      duration_ms: 60_000,
      audio_track: 2,
      subtitle: "s3",
    });
    expect(chosen.statusCode, chosen.body).toBe(204);
    const rows = await t.database.db
      .selectFrom("playback_preferences")
      .select(["audio_language", "subtitle_language"])
      .where("user_id", "=", alice.id)
      .execute();
    expect(rows).toEqual([{ audio_language: "jpn", subtitle_language: "eng" }]);
    // Subtitles turned off: remembered as off, the audio language kept.
    expect(
      (await save(alice, film.id, { position_ms: 5_000, duration_ms: 60_000, subtitle: "" })).statusCode,
    ).toBe(204);
    const after = await t.database.db
      .selectFrom("playback_preferences")
      .select(["audio_language", "subtitle_language"])
      .where("user_id", "=", alice.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ audio_language: "jpn", subtitle_language: "" });
  });

  it("gives the plan the saved position, this file's subtitle and, on the next file, the remembered languages", async () => {
    const plan = async (id: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: `/drive/v1/files/${id}/playback`,
        headers: alice.auth,
        payload: {
          capabilities: {
            containers: ["mp4", "mkv"],
            video_codecs: ["h264"],
            audio_codecs: ["aac", "flac"],
            hls: "mse",
          },
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(
      (await save(alice, film.id, { position_ms: 8_000, duration_ms: 60_000, subtitle: "s3" })).statusCode,
    ).toBe(204);
    const here = await plan(film.id);
    expect(here.position).toMatchObject({ position_ms: 8_000, duration_ms: 60_000 });
    expect(here.subtitle).toBe("s3");
    expect(here.subtitles.find((s: { id: string }) => s.id === "s3")).toMatchObject({ language: "eng" });

    const next = await uploadFile(t.app, alice, "Next.mkv", mkv);
    await t.jobs.drain();
    const fresh = await plan(next.id);
    expect(fresh.position).toBeNull();
    expect(fresh.audio_track).toBe(2); // Japanese, chosen on the first film
    expect(fresh.subtitle).toBe("s3"); // English, remembered by language

    // Subtitles turned off on the next file: off is remembered for new files, yet the first
    // film keeps the subtitle chosen on it.
    expect(
      (await save(alice, next.id, { position_ms: 1_000, duration_ms: 60_000, subtitle: "" })).statusCode,
    ).toBe(204);
    expect((await plan(next.id)).subtitle).toBe("");
    expect((await plan(film.id)).subtitle).toBe("s3");
    const third = await uploadFile(t.app, alice, "Third.mkv", mkv);
    await t.jobs.drain();
    expect((await plan(third.id)).subtitle).toBe("");

    expect((await save(alice, film.id, { position_ms: 59_000, duration_ms: 60_000 })).statusCode).toBe(204);
    expect((await plan(film.id)).position).toBeNull(); // played to the end: starts over
  });

  it("answers file_not_found, not a 500, when the file goes for good while its position is saved", async () => {
    const row = await t.database.db
      .selectFrom("files")
      .selectAll()
      .where("id", "=", film.id)
      .executeTakeFirstOrThrow();
    // The check saw the file; by the write it was gone (another request's permanent delete).
    const positions = new PlaybackPositions({
      db: t.database.db,
      clock,
      files: { findOwned: async () => ({ ...row, id: "GONE0000000000000000000000" }) },
      streams: { of: async () => [] },
      preferences: new TrackPreferences(t.database.db),
    });
    await expect(
      positions.save(alice.id, "GONE0000000000000000000000", { position_ms: 1_000, duration_ms: 60_000 }),
    ).rejects.toMatchObject({ error: "file_not_found" });
  });

  it("removes a file's positions with the file, and a user's with the account", async () => {
    const count = async (fileId: string) =>
      (
        await t.database.db
          .selectFrom("playback_positions")
          .select("user_id")
          .where("file_id", "=", fileId)
          .execute()
      ).length;
    const gone = await uploadFile(t.app, alice, "Gone.mkv", mkv);
    expect((await save(alice, gone.id, { position_ms: 1_000, duration_ms: 60_000 })).statusCode).toBe(204);
    expect(await count(gone.id)).toBe(1);
    const trash = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:batchTrash",
      headers: alice.auth,
      payload: { ids: [gone.id] },
    });
    expect(trash.statusCode, trash.body).toBe(200);
    expect(await count(gone.id)).toBe(1); // trashed, not gone: restoring keeps the place
    const emptied = await t.app.inject({
      method: "PATCH",
      url: "/drive/v1/files/trash:empty",
      headers: alice.auth,
    });
    expect(emptied.statusCode, emptied.body).toBeLessThan(300);
    await t.jobs.drain();
    expect(await count(gone.id)).toBe(0);

    // The account deleted through its real path: the request, the period, the purge job.
    const dave = await signUp(t.app);
    const his = await uploadFile(t.app, dave, "His.mkv", mkv);
    expect(
      (await save(dave, his.id, { position_ms: 1_000, duration_ms: 60_000, subtitle: "" })).statusCode,
    ).toBe(204);
    const requested = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/deletion",
      headers: dave.auth,
      payload: { password: dave.password },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    clock.advance(8 * 86_400_000);
    await t.jobs.enqueue(PURGE_DELETED_ACCOUNTS_JOB, {});
    await t.jobs.drain();
    expect(await t.database.db.selectFrom("users").select("id").where("id", "=", dave.id).execute()).toEqual(
      [],
    );
    const left = await t.database.db
      .selectFrom("playback_preferences")
      .select("user_id")
      .where("user_id", "=", dave.id)
      .execute();
    expect(left).toEqual([]);
    expect(await count(his.id)).toBe(0);
  });
});
