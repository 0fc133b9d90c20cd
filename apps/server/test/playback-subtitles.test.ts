import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { DownloadTraffic } from "../src/modules/downloads/download-traffic.js";
import { DOWNLOAD_LINK_TTL_MS, DownloadLinks } from "../src/modules/links/download-links.js";
import { createFolder, pathOf, uploadFile } from "./support/media-files.js";
import { shareClient } from "./support/shares.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

const SRT = `1
00:00:00,500 --> 00:00:01,500
Hello from the first cue

2
00:00:02,000 --> 00:00:02,800
<i>Second</i> cue here
`;

const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 320
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Styled line from ASS
`;

interface Subtitle {
  id: string;
  source: string;
  language: string;
  title: string;
  format: string;
  burn_in: boolean;
  url: string;
  is_default: boolean;
  is_forced?: boolean;
}

describe("playback: subtitles as WebVTT", () => {
  let t: TestApp;
  let alice: TestUser;
  let dir: string;
  let folderId: string;
  let movie: { id: string; hash: string };

  beforeAll(async () => {
    requireTools("ffmpeg", "ffprobe");
    t = await createTestApp();
    alice = await signUp(t.app);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-subs-"));
    await writeFile(path.join(dir, "subs.srt"), SRT);
    await writeFile(path.join(dir, "subs.ass"), ASS);
    // Video, audio, an English SubRip and a Japanese ASS track: streams 0, 1, 2, 3. FLAC, not AAC:
    // AAC's priming would make the muxer shift every stream, cues included, by 23 ms.
    const mkv = path.join(dir, "movie.mkv");
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=3:size=160x120:rate=25"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=3"],
      ...["-i", path.join(dir, "subs.srt"), "-i", path.join(dir, "subs.ass")],
      ...["-map", "0:v", "-map", "1:a", "-map", "2:s", "-map", "3:s"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "flac"],
      ...["-c:s:0", "srt", "-c:s:1", "ass"],
      ...["-metadata:s:s:0", "language=eng", "-metadata:s:s:0", "title=English"],
      ...["-metadata:s:s:1", "language=jpn", "-shortest", "-y", mkv],
    ]);
    folderId = (await createFolder(t.app, alice, "Films")).id;
    movie = await uploadFile(t.app, alice, "Movie.mkv", await readFile(mkv), folderId);
    await t.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function list(user: TestUser, fileId: string, add?: string) {
    const query = add ? `?add=${add}` : "";
    return t.app.inject({ url: `/drive/v1/files/${fileId}/subtitles${query}`, headers: user.auth });
  }

  async function subtitles(fileId: string, add?: string): Promise<Subtitle[]> {
    const response = await list(alice, fileId, add);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().subtitles;
  }

  async function vtt(url: string) {
    return t.app.inject({ url: pathOf(url) });
  }

  it("lists embedded text tracks with WebVTT links and converts SubRip with its cues", async () => {
    const listed = await subtitles(movie.id);
    const srt = listed.find((s) => s.id === "s2");
    expect(srt).toMatchObject({ source: "embedded", language: "eng", title: "English", format: "subrip" });
    expect(srt?.burn_in).toBe(false);
    expect(srt?.url).toMatch(/^http:\/\/nimbus\.test\/drive\/v1\/subtitles\/[^/]+\/s2\?/);

    const traffic = new DownloadTraffic(t.database.db, systemClock, t.config);
    const used = async () => Number((await traffic.quota(alice.id)).usage);
    const before = await used();
    const response = await vtt(srt?.url ?? "");
    expect(response.statusCode, response.body).toBe(200);
    expect(await used()).toBe(before + response.rawPayload.length); // the holder's traffic, like a download
    expect(response.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.body).toMatch(/^WEBVTT/);
    expect(response.body).toContain("00:00.500 --> 00:01.500");
    expect(response.body).toContain("Hello from the first cue");
    expect(response.body).toContain("00:02.000 --> 00:02.800");
    expect(response.body).toContain("<i>Second</i> cue here");

    // Cached by blob and stream: the second answer is the same file, and a validator answers 304.
    const files = await readdir(path.join(t.config.dataDir, "playback", "subtitles"));
    expect(files).toContain(`${movie.hash}.s2.vtt`);
    // The ASS track came out of the same ffmpeg run (one read of the file for every text track).
    expect(files).toContain(`${movie.hash}.s3.vtt`);
    const again = await t.app.inject({
      url: pathOf(srt?.url ?? ""),
      headers: { "if-none-match": response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(await used()).toBe(before + response.rawPayload.length);
  });

  it("converts an embedded ASS track, styles dropped", async () => {
    const ass = (await subtitles(movie.id)).find((s) => s.id === "s3");
    expect(ass).toMatchObject({ source: "embedded", language: "jpn", format: "ass", burn_in: false });
    const response = await vtt(ass?.url ?? "");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain("00:01.000 --> 00:02.000");
    expect(response.body).toContain("Styled line from ASS");
    expect(response.body).not.toContain("Dialogue:");
  });

  it("attaches sidecar files of the same folder with the language of their names", async () => {
    await uploadFile(t.app, alice, "Movie.en.srt", Buffer.from(SRT), folderId);
    await uploadFile(t.app, alice, "movie.fre.forced.ass", Buffer.from(ASS), folderId);
    await uploadFile(t.app, alice, "Other.srt", Buffer.from(SRT), folderId);
    await uploadFile(t.app, alice, "Movie.en.srt", Buffer.from(SRT)); // another folder
    const sidecars = (await subtitles(movie.id)).filter((s) => s.source === "sidecar");
    expect(sidecars.map(({ language, format, is_forced }) => ({ language, format, is_forced }))).toEqual([
      { language: "eng", format: "subrip", is_forced: false },
      { language: "fre", format: "ass", is_forced: true },
    ]);
    const srt = await vtt(sidecars[0]?.url ?? "");
    expect(srt.statusCode, srt.body).toBe(200);
    expect(srt.body).toContain("Hello from the first cue");
    const ass = await vtt(sidecars[1]?.url ?? "");
    expect(ass.statusCode, ass.body).toBe(200);
    expect(ass.body).toMatch(/^WEBVTT/);
    expect(ass.body).toContain("Styled line from ASS");
  });

  it("adds any subtitle file of the drive by id, and passes WebVTT through", async () => {
    const elsewhere = (await createFolder(t.app, alice, "Subs")).id;
    const webvtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nStraight from a .vtt file\n";
    const file = await uploadFile(t.app, alice, "Another.Name.de.vtt", Buffer.from(webvtt), elsewhere);
    const added = (await subtitles(movie.id, file.id)).find((s) => s.id === `f${file.id}`);
    expect(added).toMatchObject({ source: "file", language: "ger", format: "webvtt", burn_in: false });
    const response = await vtt(added?.url ?? "");
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(webvtt);

    // Files saved before UTF-8: decoded with the code page of the language their name gives.
    const legacy: [string, string, string][] = [
      ["Old.Film.fr.srt", "latin1", "Café crème, déjà vu"],
      ["Old.Film.ru.srt", "cp1251", "Привет, мир"],
    ];
    for (const [name, encoding, text] of legacy) {
      const bytes = new TextEncoder().encode(`1\n00:00:01,000 --> 00:00:02,000\n${text}\n`);
      const encoded =
        encoding === "latin1"
          ? Buffer.from(new TextDecoder().decode(bytes), "latin1")
          : Buffer.from([...new TextDecoder().decode(bytes)].map((c) => cp1251(c)));
      const legacyFile = await uploadFile(t.app, alice, name, encoded, elsewhere);
      const listed = (await subtitles(movie.id, legacyFile.id)).find((s) => s.id === `f${legacyFile.id}`);
      const converted = await vtt(listed?.url ?? "");
      expect(converted.statusCode, converted.body).toBe(200);
      expect(converted.body, name).toContain(text);
    }

    const notSubtitle = await uploadFile(t.app, alice, "notes.txt", Buffer.from("hello"));
    const refused = await list(alice, movie.id, notSubtitle.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "subtitle_not_convertible", error_code: 9 });
    expect(refused.json().error_description).toBeTruthy();

    const bob = await signUp(t.app);
    expect((await list(bob, movie.id)).json().error).toBe("file_not_found");
    const bobs = await uploadFile(t.app, bob, "bob.srt", Buffer.from(SRT));
    expect((await list(alice, movie.id, bobs.id)).json().error).toBe("file_not_found");
  });

  it("lists image subtitles as burn-in without a link, and refuses to convert one (probed-stream fixture)", async () => {
    // ffmpeg cannot encode PGS from text, so the stored probe of a shorter cut gains a PGS stream,
    // and a stream that claims to be SubRip but is the audio (a broken track).
    const disc = path.join(dir, "disc.mkv");
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-i",
      path.join(dir, "movie.mkv"),
      "-map",
      "0",
      "-c",
      "copy",
      "-t",
      "2.5",
      "-y",
      disc,
    ]);
    const pgs = await uploadFile(t.app, alice, "Disc.mkv", await readFile(disc));
    await t.jobs.drain();
    const row = await t.database.db
      .selectFrom("blob_media")
      .select("streams")
      .where("gcid", "=", pgs.hash)
      .executeTakeFirstOrThrow();
    const streams = JSON.parse(row.streams ?? "[]");
    expect(streams.length).toBeGreaterThan(0);
    streams.push({
      index: 4,
      type: "subtitle",
      codec: "hdmv_pgs_subtitle",
      language: "eng",
      title: "PGS",
      channels: 0,
      is_default: false,
      is_forced: false,
      width: 0,
      height: 0,
    });
    streams.push({ ...streams[1], index: 1, type: "subtitle", codec: "subrip", title: "Broken" });
    await t.database.db
      .updateTable("blob_media")
      .set({ streams: JSON.stringify(streams) })
      .where("gcid", "=", pgs.hash)
      .execute();
    const image = (await subtitles(pgs.id)).find((s) => s.id === "s4");
    expect(image).toMatchObject({ source: "embedded", format: "hdmv_pgs_subtitle", burn_in: true, url: "" });
    // A text track's link with the id swapped is refused by the signature…
    const text = new URL((await subtitles(pgs.id)).find((s) => s.id === "s2")?.url ?? "");
    expect((await vtt(text.href.replace("/s2?", "/s4?"))).json().error).toBe("link_expired");
    // …and a properly signed one (same holder and expiry as the server's) answers the honest error.
    const q = text.searchParams;
    const holder = { userId: q.get("u") ?? "", generation: Number(q.get("g")) };
    const signedAt = Number(q.get("expires")) - DOWNLOAD_LINK_TTL_MS;
    const link = new DownloadLinks(t.config.secretKey).signFor("subtitle", `${pgs.id}/s4`, holder, signedAt);
    const refused = await t.app.inject({ url: link.path });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "subtitle_not_convertible", error_code: 9 });

    // The broken track fails the run that converts every text track at once; the good ones are
    // then made alone, and the broken one answers the honest error.
    const good = await vtt(text.href);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.body).toContain("Hello from the first cue");
    const broken = new DownloadLinks(t.config.secretKey).signFor(
      "subtitle",
      `${pgs.id}/s1`,
      holder,
      signedAt,
    );
    expect((await t.app.inject({ url: broken.path })).json().error).toBe("subtitle_not_convertible");
    const ass = (await subtitles(pgs.id)).find((s) => s.id === "s3");
    expect((await vtt(ass?.url ?? "")).body).toContain("Styled line from ASS");
    const cached = await readdir(path.join(t.config.dataDir, "playback", "subtitles"));
    expect(cached).toContain(`${pgs.hash}.s1.vtt.failed`);
  });

  it("gives share visitors the subtitles the share serves, through the share", async () => {
    const erin = await signUp(t.app);
    const mkv = await readFile(path.join(dir, "movie.mkv"));
    const shared = (await createFolder(t.app, erin, "Shared")).id;
    const film = await uploadFile(t.app, erin, "Clip.mkv", mkv, shared);
    const sidecar = await uploadFile(t.app, erin, "Clip.en.srt", Buffer.from(SRT), shared);
    await t.jobs.drain();
    const owner = shareClient(t, erin);
    const folderShare = await owner.create({ file_ids: [shared], title: "Clips" });
    const fileShare = await owner.create({ file_ids: [film.id], title: "Just the clip" });
    const capabilities = { containers: ["mkv"], video_codecs: ["h264"], audio_codecs: ["flac"], hls: "mse" };
    const plan = async (shareId: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/drive/v1/share/playback",
        remoteAddress: "198.51.100.9",
        payload: { share_id: shareId, file_id: film.id, capabilities },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().subtitles as Subtitle[];
    };

    const viaFolder = await plan(folderShare.share_id);
    const side = viaFolder.find((s) => s.id === `f${sidecar.id}`);
    expect(side).toMatchObject({ source: "sidecar", language: "eng" });
    const embedded = viaFolder.find((s) => s.id === "s2");
    expect(new URL(embedded?.url ?? "").searchParams.get("s")).toBe(folderShare.share_id);
    const cues = await vtt(side?.url ?? "");
    expect(cues.statusCode, cues.body).toBe(200);
    expect(cues.body).toContain("Hello from the first cue");
    expect((await vtt(embedded?.url ?? "")).body).toContain("Hello from the first cue");

    // A share of the video alone does not hand out the file beside it.
    const viaFile = await plan(fileShare.share_id);
    expect(viaFile.some((s) => s.source === "sidecar")).toBe(false);
    expect(viaFile.some((s) => s.id === "s2")).toBe(true);

    // Cancelled: the links it handed out stop working.
    const cancel = await t.app.inject({
      method: "POST",
      url: "/drive/v1/share:batchDelete",
      headers: erin.auth,
      payload: { ids: [folderShare.share_id] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await vtt(side?.url ?? "")).json().error).toBe("link_expired");
  });

  it("refuses a link once its holder signed out everywhere, and one whose file was trashed", async () => {
    const carol = await signUp(t.app);
    const mkv = await readFile(path.join(dir, "movie.mkv"));
    const film = await uploadFile(t.app, carol, "Film.mkv", mkv);
    const sidecar = await uploadFile(t.app, carol, "Film.srt", Buffer.from(SRT));
    await t.jobs.drain();
    const carolList = await list(carol, film.id);
    expect(carolList.statusCode, carolList.body).toBe(200);
    const listed: Subtitle[] = carolList.json().subtitles;
    const embedded = listed.find((s) => s.id === "s2")?.url ?? "";
    const side = listed.find((s) => s.id === `f${sidecar.id}`)?.url ?? "";
    expect((await vtt(embedded)).statusCode).toBe(200);
    expect((await vtt(side)).statusCode).toBe(200);

    const trash = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:batchTrash",
      headers: carol.auth,
      payload: { ids: [sidecar.id] },
    });
    expect(trash.statusCode, trash.body).toBe(200);
    expect((await vtt(side)).json().error).toBe("file_not_found");

    const signout = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout?all=true",
      headers: carol.auth,
    });
    expect(signout.statusCode).toBe(200);
    const revoked = await vtt(embedded);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error).toBe("link_expired");
  });
});

/** One character in Windows-1251 (ASCII, and Cyrillic А–я). */
function cp1251(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return code;
  if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
  throw new Error(`not in the test's cp1251 table: ${char}`);
}
