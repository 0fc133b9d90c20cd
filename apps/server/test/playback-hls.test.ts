import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PlaybackCapabilities, PlaybackPlan } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesOf } from "../src/app.js";
import { pathOf, uploadFile } from "./support/media-files.js";
import { shareClient } from "./support/shares.js";
import { createTestApp, type TestApp, testBlobStoreKind } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

/** Chromium without HEVC or Matroska: H.264/VP9/AV1, AAC/MP3/Opus/FLAC, hls.js on MediaSource. */
const CHROMIUM: PlaybackCapabilities = {
  containers: ["mp4", "webm", "mp3", "flac", "wav", "ogg"],
  video_codecs: ["h264", "vp9", "av1"],
  audio_codecs: ["aac", "mp3", "opus", "flac", "vorbis"],
  hls: "mse",
};

const SRT = "1\n00:00:01,000 --> 00:00:03,000\nHello\n\n2\n00:00:05,000 --> 00:00:07,000\nWorld\n";

function ffprobeJson(file: string, args: string[]) {
  return JSON.parse(execFileSync("ffprobe", ["-v", "error", "-of", "json", ...args, file]).toString("utf8"));
}

describe("playback: on-demand HLS", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let dir: string;
  let now = Date.UTC(2026, 5, 1);
  let hevc: { id: string; hash: string };
  let h264: { id: string; hash: string };
  let hevcBytes: Buffer;

  beforeAll(async () => {
    requireTools("ffmpeg", "ffprobe");
    t = await createTestApp({
      clock: { now: () => now },
      env: {
        PLAYBACK_MAX_TRANSCODES: "1",
        PLAYBACK_MAX_TRANSCODES_PER_USER: "1",
        PLAYBACK_IDLE_SECONDS: "60",
      },
    });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-hls-"));
    await writeFile(path.join(dir, "s.srt"), SRT);
    // HEVC + E-AC-3 5.1 + SubRip in Matroska, 10 s, 640x480 (the ladder offers 360p below it).
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x480:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-i", path.join(dir, "s.srt")],
      ...["-t", "10", "-map", "0:v", "-map", "1:a", "-map", "2:s"],
      ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"],
      ...["-c:a", "eac3", "-ac", "6", "-b:a", "192k", "-c:s", "srt", "-metadata:s:a:0", "language=eng"],
      ...["-y", path.join(dir, "hevc.mkv")],
    ]);
    // H.264 + AAC in Matroska, 12 s, a keyframe every 2 s: plays after a remux only.
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "12"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "48", "-keyint_min", "48", "-sc_threshold", "0"],
      ...["-c:a", "aac", "-y", path.join(dir, "h264.mkv")],
    ]);
    hevcBytes = await readFile(path.join(dir, "hevc.mkv"));
    hevc = await uploadFile(t.app, alice, "Film.mkv", hevcBytes);
    h264 = await uploadFile(t.app, alice, "Clip.mkv", await readFile(path.join(dir, "h264.mkv")));
    await t.jobs.drain();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function plan(user: TestUser, fileId: string, body: Record<string, unknown> = {}) {
    return t.app.inject({
      method: "POST",
      url: `/drive/v1/files/${fileId}/playback`,
      headers: user.auth,
      payload: { capabilities: CHROMIUM, ...body },
    });
  }

  async function okPlan(
    user: TestUser,
    fileId: string,
    body: Record<string, unknown> = {},
  ): Promise<PlaybackPlan> {
    const response = await plan(user, fileId, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function get(url: string) {
    const response = await t.app.inject({ url: pathOf(url) });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response;
  }

  /** Fetches the master, the variant, the init segment and the asked segments; writes them joined. */
  async function play(masterUrl: string, only?: number[]) {
    const master = (await get(masterUrl)).body;
    expect(master).toMatch(/^#EXTM3U/);
    const base = new URL(".", masterUrl);
    const variantName = master.split("\n").find((l) => l && !l.startsWith("#")) ?? "";
    const variant = (await get(new URL(variantName, base).href)).body;
    const segments = variant.split("\n").filter((l) => l.endsWith(".m4s"));
    const durations = [...variant.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
    const init = (await get(new URL("init.mp4", base).href)).rawPayload;
    const parts = [init];
    for (const i of only ?? segments.map((_, i) => i)) {
      parts.push((await get(new URL(segments[i] ?? "", base).href)).rawPayload);
    }
    const file = path.join(dir, `out-${Math.random().toString(36).slice(2)}.mp4`);
    await writeFile(file, Buffer.concat(parts));
    return { file, segments, durations, variant };
  }

  it("lists every stream and plans a full transcode of HEVC + E-AC-3 Matroska for Chromium", async () => {
    const p = await okPlan(alice, hevc.id);
    expect(p.mode).toBe("transcode");
    expect(p.reasons).toEqual(expect.arrayContaining(["container", "video_codec", "audio_codec"]));
    expect(p.kind).toBe("video");
    expect(p.duration_ms).toBeGreaterThan(9_800);
    expect(p.audio_tracks).toEqual([
      expect.objectContaining({ index: 1, codec: "eac3", channels: 6, language: "eng" }),
    ]);
    expect(p.renditions.map((r) => [r.id, r.height, r.locked])).toEqual([
      ["origin", 480, false],
      ["360p", 360, false],
    ]);
    expect(p.url).toMatch(/^http:\/\/nimbus\.test\/drive\/v1\/hls\/[^/]+\/t480a1\/[^/]+\/master\.m3u8$/);
    const streams = await servicesOf(t.app).mediaStreams.of(hevc.hash);
    expect(streams.map((s) => [s.index, s.type, s.codec])).toEqual([
      [0, "video", "hevc"],
      [1, "audio", "eac3"],
      [2, "subtitle", "subrip"],
    ]);
  });

  it("plays as H.264 + AAC segments whose duration is the source's", async () => {
    const p = await okPlan(alice, hevc.id);
    const { file, segments, durations } = await play(p.url);
    expect(segments.length).toBe(5); // 2 s segments
    expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(10, 1);
    const probe = ffprobeJson(file, ["-show_streams", "-show_format"]);
    const codecs = probe.streams.map((s: { codec_name: string }) => s.codec_name).sort();
    expect(codecs).toEqual(["aac", "h264"]);
    const video = probe.streams.find((s: { codec_type: string }) => s.codec_type === "video");
    expect(video.pix_fmt).toBe("yuv420p");
    expect(Math.abs(Number(probe.format.duration) - 10)).toBeLessThanOrEqual(0.2);
    // Cached by blob and profile; an S3 source is read from one local copy per node.
    const root = path.join(t.config.dataDir, "playback");
    expect(await readdir(path.join(root, "segments", hevc.hash, "t480a1"))).toEqual(
      expect.arrayContaining(["init.mp4", "0.m4s", "4.m4s"]),
    );
    const sources = await readdir(path.join(root, "sources")).catch(() => []);
    expect(sources).toEqual(testBlobStoreKind === "s3" ? [hevc.hash] : []);
  });

  it("probes again a file whose streams were stored before they were listed", async () => {
    await t.database.db
      .updateTable("blob_media")
      .set({ streams: null, container: null })
      .where("gcid", "=", h264.hash)
      .execute();
    const p = await okPlan(alice, h264.id);
    expect(p.audio_tracks.map((a) => a.codec)).toEqual(["aac"]);
    const row = await t.database.db
      .selectFrom("blob_media")
      .select(["streams", "container"])
      .where("gcid", "=", h264.hash)
      .executeTakeFirstOrThrow();
    expect(row.container).toBe("matroska,webm");
    expect(JSON.parse(row.streams ?? "[]")).toHaveLength(2);
  });

  it("starts a cold segment N at N's timestamp", async () => {
    const p = await okPlan(alice, hevc.id, { rendition: "360p" });
    expect(p.url).toContain("/t360a1/");
    const { file } = await play(p.url, [3]);
    const packets = ffprobeJson(file, [
      "-select_streams",
      "v",
      "-show_entries",
      "packet=pts_time,flags",
    ]).packets;
    const first = Number(packets[0].pts_time);
    expect(Math.abs(first - 6)).toBeLessThan(0.05); // segment 3 of 2 s
    expect(packets[0].flags).toContain("K");
    const probe = ffprobeJson(file, ["-show_streams"]);
    expect(probe.streams.find((s: { codec_type: string }) => s.codec_type === "video").height).toBe(360);
  });

  it("lists the transcoded resolutions in medias[] with signed HLS playlists", async () => {
    const file = await t.app.inject({ url: `/drive/v1/files/${hevc.id}`, headers: alice.auth });
    expect(file.statusCode, file.body).toBe(200);
    const medias = file.json().medias as {
      resolution_name: string;
      is_origin: boolean;
      is_default: boolean;
      link: { url: string };
      video: { height: number; video_codec: string };
    }[];
    expect(medias.map((m) => [m.resolution_name, m.is_origin, m.is_default, m.video.height])).toEqual([
      ["480P", true, true, 480],
      ["360P", false, false, 360],
    ]);
    expect(medias[1]?.video.video_codec).toBe("h264");
    expect(medias[1]?.link.url).toMatch(/\/t360a1\/[^/]+\/master\.m3u8$/);
    expect((await get(medias[1]?.link.url ?? "")).body).toContain("RESOLUTION=480x360");
  });

  it("serves another user's playback of the same bytes from the cache, running no ffmpeg", async () => {
    const bobs = await uploadFile(t.app, bob, "Same film.mkv", hevcBytes);
    await t.jobs.drain();
    const before = servicesOf(t.app).hlsSessions.spawned;
    const used = async (user: TestUser) => Number((await servicesOf(t.app).traffic.quota(user.id)).usage);
    const [bobBefore, aliceBefore] = [await used(bob), await used(alice)];
    const p = await okPlan(bob, bobs.id);
    const { file } = await play(p.url);
    expect(servicesOf(t.app).hlsSessions.spawned).toBe(before);
    // The segments are Bob's download traffic (init and media segments; playlists are free).
    expect(await used(bob)).toBe(bobBefore + (await stat(file)).size);
    expect(await used(alice)).toBe(aliceBefore);
    expect(Math.abs(Number(ffprobeJson(file, ["-show_format"]).format.duration) - 10)).toBeLessThanOrEqual(
      0.2,
    );
  });

  it("plays a share to an anonymous visitor through the share, and refuses its links once it is gone", async () => {
    const owner = shareClient(t, alice);
    const { share_id } = await owner.create({ file_ids: [hevc.id], title: "Film" });
    const visitor = shareClient(t);
    const p = (await visitor.ok("POST", "/drive/v1/share/playback", {
      share_id,
      file_id: hevc.id,
      capabilities: CHROMIUM,
    })) as PlaybackPlan;
    expect(p.mode).toBe("transcode");
    expect(p.position).toBeNull();
    const before = servicesOf(t.app).hlsSessions.spawned;
    await play(p.url, [0]);
    expect(servicesOf(t.app).hlsSessions.spawned).toBe(before);
    await owner.ok("POST", "/drive/v1/share:batchDelete", { ids: [share_id] });
    const refused = await t.app.inject({ url: pathOf(p.url) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("link_expired");
    const gone = await visitor.call("POST", "/drive/v1/share/playback", {
      share_id,
      file_id: hevc.id,
      capabilities: CHROMIUM,
    });
    expect(gone.status).toBe(403);
    expect(gone.body.error).toBe("share_unavailable");
  });

  it("remuxes H.264 + AAC Matroska without re-encoding a frame", async () => {
    const p = await okPlan(alice, h264.id);
    expect(p.mode).toBe("remux");
    expect(p.reasons).toEqual(["container"]);
    const { file, durations } = await play(p.url);
    expect(durations.length).toBe(2); // keyframes every 2 s, 6 s segments
    const sizes = (f: string) =>
      ffprobeJson(f, ["-select_streams", "v", "-show_entries", "packet=size"]).packets.map(
        (x: { size: string }) => x.size,
      );
    expect(sizes(file)).toEqual(sizes(path.join(dir, "h264.mkv")));
    const audio = (f: string) =>
      ffprobeJson(f, ["-select_streams", "a", "-show_entries", "packet=size"]).packets.length;
    expect(Math.abs(audio(file) - audio(path.join(dir, "h264.mkv")))).toBeLessThanOrEqual(2);
  });

  it("turns a WMA song into AAC segments, and plays FLAC as it is", async () => {
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "sine=frequency=523:sample_rate=44100", "-t", "7"],
      ...["-c:a", "wmav2", "-y", path.join(dir, "song.wma")],
    ]);
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "sine=frequency=523:sample_rate=44100", "-t", "2"],
      ...["-c:a", "flac", "-y", path.join(dir, "song.flac")],
    ]);
    const wma = await uploadFile(t.app, alice, "Song.wma", await readFile(path.join(dir, "song.wma")));
    const flac = await uploadFile(t.app, alice, "Song.flac", await readFile(path.join(dir, "song.flac")));
    await t.jobs.drain();
    const p = await okPlan(alice, wma.id);
    expect([p.mode, p.kind, p.renditions.map((r) => r.id)]).toEqual(["audio_transcode", "audio", ["origin"]]);
    expect(p.reasons).toEqual(["container", "audio_codec"]);
    const { file, durations } = await play(p.url);
    expect(durations.length).toBe(4);
    const probe = ffprobeJson(file, ["-show_streams", "-show_format"]);
    expect(probe.streams.map((s: { codec_name: string }) => s.codec_name)).toEqual(["aac"]);
    expect(Math.abs(Number(probe.format.duration) - 7)).toBeLessThanOrEqual(0.2);
    expect((await okPlan(alice, flac.id)).mode).toBe("direct");
  });

  it("plays the original directly when the browser plays it", async () => {
    const p = await okPlan(alice, h264.id, { capabilities: { ...CHROMIUM, containers: ["mkv"] } });
    expect(p.mode).toBe("direct");
    expect(p.url).toMatch(/\/drive\/v1\/download\/[^?]+\?.*&disposition=inline$/);
  });

  it("holds the transcode limits with their localized errors, and stops an idle ffmpeg", async () => {
    // MPEG-4 Part 2, 60 s: every browser needs a transcode, long enough to be running.
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x480:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=330:sample_rate=48000", "-t", "60"],
      ...["-c:v", "mpeg4", "-q:v", "10", "-c:a", "aac", "-y", path.join(dir, "long.mp4")],
    ]);
    // Another film (other bytes, so another blob) for the per-user limit.
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=550:sample_rate=48000", "-t", "20"],
      ...["-c:v", "mpeg4", "-q:v", "10", "-c:a", "aac", "-y", path.join(dir, "other.mp4")],
    ]);
    const long = await uploadFile(t.app, alice, "Long.mp4", await readFile(path.join(dir, "long.mp4")));
    const other = await uploadFile(t.app, alice, "Other.mp4", await readFile(path.join(dir, "other.mp4")));
    const bobsLong = await uploadFile(t.app, bob, "Long.mp4", await readFile(path.join(dir, "long.mp4")));
    await t.jobs.drain();
    const sessions = servicesOf(t.app).hlsSessions;
    const origin = await okPlan(alice, long.id);
    expect(origin.mode).toBe("transcode");
    await get(new URL("0.m4s", new URL(".", origin.url)).href);
    expect(sessions.transcodes()).toBe(1);
    const pid = sessions.running().find((s) => s.pid !== undefined)?.pid;
    expect(pid).toBeGreaterThan(0);

    const busy = await t.app.inject({
      method: "POST",
      url: `/drive/v1/files/${bobsLong.id}/playback`,
      headers: { ...bob.auth, "accept-language": "ko" },
      payload: { capabilities: CHROMIUM, rendition: "360p" },
    });
    expect(busy.statusCode).toBe(503);
    expect(busy.json().error).toBe("playback_server_busy");
    expect(busy.json().error_description).toBe(
      "서버가 다른 동영상을 준비하느라 바쁩니다. 잠시 후 다시 시도해 주세요",
    );
    // The running stream itself is shared: Bob joins it without a slot of his own.
    const joined = await okPlan(bob, bobsLong.id);
    await get(new URL("0.m4s", new URL(".", joined.url)).href);
    // Alice's stream has another viewer now: her next film may not replace it.
    const userLimit = await plan(alice, other.id);
    expect(userLimit.statusCode).toBe(429);
    expect(userLimit.json().error).toBe("playback_user_limit");
    expect(sessions.transcodes()).toBe(1);

    // Nobody asks for a segment for the idle time: ffmpeg is stopped and the slot freed.
    now += 30_000;
    expect(await sessions.reapIdle()).toBe(0);
    now += 31_000;
    expect(await sessions.reapIdle()).toBeGreaterThanOrEqual(1);
    expect(sessions.transcodes()).toBe(0);
    expect(() => process.kill(pid as number, 0)).toThrow();
    expect((await plan(bob, bobsLong.id, { rendition: "360p" })).statusCode).toBe(200);
  }, 60_000);

  it("replaces a viewer's own transcode when they switch quality or audio track of the same video", async () => {
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x480:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "60"],
      ...["-c:v", "mpeg4", "-q:v", "10", "-c:a", "aac", "-y", path.join(dir, "switch.mp4")],
    ]);
    const film = await uploadFile(t.app, alice, "Switch.mp4", await readFile(path.join(dir, "switch.mp4")));
    await t.jobs.drain();
    const sessions = servicesOf(t.app).hlsSessions;
    const first = await okPlan(alice, film.id);
    expect(first.mode).toBe("transcode");
    await get(new URL("0.m4s", new URL(".", first.url)).href);
    const pid = sessions.running().find((s) => s.pid !== undefined)?.pid;
    expect(pid).toBeGreaterThan(0);

    // The per-user limit is 1 and one transcode runs: the switch is still let through.
    const lower = await okPlan(alice, film.id, { rendition: "360p" });
    expect(lower.mode).toBe("transcode");
    await get(new URL("0.m4s", new URL(".", lower.url)).href);
    expect(sessions.transcodes()).toBe(1);
    expect(() => process.kill(pid as number, 0)).toThrow();
  }, 60_000);

  it("replaces a viewer's previous film when they start another (decision 0075)", async () => {
    // 5 minutes: the first film's ffmpeg is nowhere near its end when it is replaced.
    // Small and 8 frames a second: making it took half the test's budget on a loaded machine.
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=192x144:rate=8"],
      ...["-f", "lavfi", "-i", "sine=frequency=660:sample_rate=48000", "-t", "300"],
      ...["-c:v", "mpeg4", "-q:v", "10", "-c:a", "aac", "-y", path.join(dir, "first.mp4")],
    ]);
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=770:sample_rate=48000", "-t", "20"],
      ...["-c:v", "mpeg4", "-q:v", "10", "-c:a", "aac", "-y", path.join(dir, "second.mp4")],
    ]);
    const first = await uploadFile(t.app, alice, "First.mp4", await readFile(path.join(dir, "first.mp4")));
    const second = await uploadFile(t.app, alice, "Second.mp4", await readFile(path.join(dir, "second.mp4")));
    await t.jobs.drain();
    const sessions = servicesOf(t.app).hlsSessions;
    const a = await okPlan(alice, first.id);
    expect(a.mode).toBe("transcode");
    await get(new URL("0.m4s", new URL(".", a.url)).href);
    const pid = sessions.running().find((s) => s.pid !== undefined)?.pid;
    expect(pid).toBeGreaterThan(0);

    // Her limit is 1 and the first film transcodes: the second plays at once, not after 60 s idle.
    const b = await okPlan(alice, second.id);
    expect(b.mode).toBe("transcode");
    expect(() => process.kill(pid as number, 0)).toThrow();
    await get(new URL("0.m4s", new URL(".", b.url)).href);
    expect(sessions.transcodes()).toBe(1);

    // The first film's tab, left open, asks on: it gets the limit, and the slot stays with the second.
    const stale = await t.app.inject({ url: pathOf(new URL("140.m4s", new URL(".", a.url)).href) });
    expect(stale.statusCode).toBe(429);
    expect(stale.json().error).toBe("playback_user_limit");
    expect(sessions.running().filter((s) => s.pid !== undefined)).toHaveLength(1);
  }, 120_000);

  it("refuses HLS links after the holder signs out everywhere, and forged ones", async () => {
    const p = await okPlan(alice, hevc.id);
    const forged = p.url.replace("/t480a1/", "/t360a1/");
    expect((await t.app.inject({ url: pathOf(forged) })).json().error).toBe("link_expired");
    const signout = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout?all=true",
      headers: alice.auth,
    });
    expect(signout.statusCode).toBe(200);
    const revoked = await t.app.inject({ url: pathOf(new URL("0.m4s", new URL(".", p.url)).href) });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error).toBe("link_expired");
  });
});

async function _waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}
