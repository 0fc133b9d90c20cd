import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFile, pathOf, uploadFile } from "./support/media-files.js";
import { onePagePdf } from "./support/pdf-fixture.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

/** A short generated clip: ffmpeg's test pattern and a sine tone in the given audio codec. */
function makeVideo(dir: string, name: string, audioCodec: string, size = "640x480"): Promise<Buffer> {
  const file = path.join(dir, name);
  execFileSync("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", `testsrc=duration=2:size=${size}:rate=25`],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", audioCodec, "-shortest", "-y", file],
  ]);
  return readFile(file);
}

requireTools("ffmpeg");

describe("previews: thumbnails and media info", () => {
  let t: TestApp;
  let alice: TestUser;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-media-"));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Uploads and runs the preview job the upload path enqueues (`previews.onFileCompleted`). */
  async function uploadAndProcess(name: string, bytes: Buffer) {
    const file = await uploadFile(t.app, alice, name, bytes);
    await t.jobs.drain();
    return file;
  }

  async function thumbnail(link: string) {
    const response = await t.app.inject({ url: pathOf(link) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    return sharp(response.rawPayload).metadata();
  }

  it("makes SMALL, MEDIUM and LARGE thumbnails of a PNG and a JPEG, linked from drive#file", async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#3080c0" } })
      .png()
      .toBuffer();
    const file = await uploadAndProcess("wide.png", png);
    const small = await getFile(t.app, alice, file.id, "?thumbnail_size=SIZE_SMALL");
    expect(small.thumbnail_link).toMatch(/^http:\/\/nimbus\.test\/drive\/v1\/thumbnails\/.+\/SIZE_SMALL\?/);
    expect(await thumbnail(small.thumbnail_link)).toMatchObject({ format: "webp", width: 160, height: 80 });
    const medium = await getFile(t.app, alice, file.id);
    expect(await thumbnail(medium.thumbnail_link)).toMatchObject({ width: 480, height: 240 });
    const large = await getFile(t.app, alice, file.id, "?thumbnail_size=SIZE_LARGE");
    expect(await thumbnail(large.thumbnail_link)).toMatchObject({ width: 1080, height: 540 });
    expect(medium.medias).toEqual([]);

    const jpeg = await sharp({ create: { width: 300, height: 600, channels: 3, background: "#c03080" } })
      .jpeg()
      .toBuffer();
    const photo = await uploadAndProcess("tall.jpg", jpeg);
    const listed = await t.app.inject({
      url: "/drive/v1/files?thumbnail_size=SIZE_LARGE",
      headers: alice.auth,
    });
    const entry = listed.json().files.find((f: { id: string }) => f.id === photo.id);
    // Never enlarged: a 300×600 photo stays 300×600 at SIZE_LARGE.
    expect(await thumbnail(entry.thumbnail_link)).toMatchObject({ width: 300, height: 600 });
  });

  it("probes a video, makes a frame thumbnail and lists the original rendition", async () => {
    const file = await uploadAndProcess("clip.mp4", await makeVideo(dir, "clip.mp4", "aac"));
    const got = await getFile(t.app, alice, file.id);
    expect(await thumbnail(got.thumbnail_link)).toMatchObject({ width: 480, height: 360 });
    // The original, then the transcoded resolutions below it (decision 0060: 360P under 480 lines).
    expect(got.medias.map((m: { resolution_name: string }) => m.resolution_name)).toEqual(["480P", "360P"]);
    const [media] = got.medias;
    expect(media).toMatchObject({
      resolution_name: "480P",
      is_origin: true,
      audio_codec_unsupported: false,
      video: {
        duration: 2,
        width: 640,
        height: 480,
        video_codec: "h264",
        audio_codec: "aac",
        frame_rate: "25/1",
      },
    });
    expect(media.video.bit_rate).toBeGreaterThan(0);
    const stream = await t.app.inject({ url: pathOf(media.link.url), headers: { range: "bytes=0-99" } });
    expect(stream.statusCode).toBe(206);
    expect(stream.headers["content-disposition"]).toMatch(/^inline;/);
    expect(stream.headers["content-type"]).toBe("video/mp4");
  });

  it("flags eac3 audio as unsupported (spec §5)", async () => {
    const file = await uploadAndProcess("dolby.mp4", await makeVideo(dir, "dolby.mp4", "eac3", "320x240"));
    const [media] = (await getFile(t.app, alice, file.id)).medias;
    expect(media).toMatchObject({ audio_codec_unsupported: true, video: { audio_codec: "eac3" } });
  });

  it("probes audio (no thumbnail) and leaves other files without previews", async () => {
    const mp3 = path.join(dir, "tone.mp3");
    execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-y", mp3]);
    const file = await uploadAndProcess("tone.mp3", await readFile(mp3));
    const got = await getFile(t.app, alice, file.id);
    expect(got.thumbnail_link).toBe("");
    expect(got.medias[0]).toMatchObject({
      resolution_name: "Original",
      video: { duration: 3, width: 0, height: 0, video_codec: "", audio_codec: "mp3" },
    });
    const broken = await uploadAndProcess("broken.png", Buffer.from("not a png"));
    const none = await getFile(t.app, alice, broken.id);
    expect(none).toMatchObject({ thumbnail_link: "", medias: [] });
  });

  it("renders a text file's first lines as its thumbnail; a blank one gets none", async () => {
    const code =
      "export const answer = 42;\n\nexport function greet(name: string) {\n  return 'hi ' + name;\n}\n";
    const file = await uploadAndProcess("notes.txt", Buffer.from(code));
    const got = await getFile(t.app, alice, file.id);
    expect(got.mime_type).toMatch(/^text\//);
    expect(await thumbnail(got.thumbnail_link)).toMatchObject({ format: "webp", width: 480, height: 360 });
    // The page is not blank: the text's dark pixels are on it.
    const response = await t.app.inject({ url: pathOf(got.thumbnail_link) });
    const { channels } = await sharp(response.rawPayload).stats();
    expect(channels[0]?.min).toBeLessThan(100);
    expect(got.medias).toEqual([]);

    const blank = await uploadAndProcess("blank.txt", Buffer.from("\n \n\t\n"));
    expect(await getFile(t.app, alice, blank.id)).toMatchObject({ thumbnail_link: "", medias: [] });
  });

  it("renders a PDF's first page as its thumbnail; a damaged one gets none", async () => {
    const file = await uploadAndProcess("poster.pdf", onePagePdf());
    const got = await getFile(t.app, alice, file.id);
    expect(got.mime_type).toBe("application/pdf");
    // The page is 200 × 300 points: its thumbnails keep that shape.
    expect(await thumbnail(got.thumbnail_link)).toMatchObject({ format: "webp", width: 320, height: 480 });
    // The red rectangle drawn on the page is in the picture.
    const response = await t.app.inject({ url: pathOf(got.thumbnail_link) });
    const { channels } = await sharp(response.rawPayload).stats();
    expect(channels[1]?.min).toBeLessThan(50);
    expect(channels[0]?.max).toBeGreaterThan(200);

    const damaged = await uploadAndProcess("damaged.pdf", Buffer.from("%PDF-1.4\nnot really\n"));
    expect(await getFile(t.app, alice, damaged.id)).toMatchObject({ thumbnail_link: "", medias: [] });
  });

  it("serves thumbnails only behind a valid signature", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const file = await uploadAndProcess("dot.png", png);
    const link = new URL((await getFile(t.app, alice, file.id)).thumbnail_link);
    const forged = link.pathname.replace("SIZE_MEDIUM", "SIZE_LARGE") + link.search;
    expect((await t.app.inject({ url: forged })).json().error).toBe("link_expired");
  });
});
