// Issue #28: `npm ci && npm start` on a machine that has Node.js and nothing else gives the whole
// product. Starts the built server with a PATH holding only `node` and `sh` (no ffmpeg, ffprobe,
// 7zz, pdftoppm, lsar or unar), then through the HTTP API: /readyz lists every preview kind, a PDF
// gets a thumbnail (pdf.js), a video its facts and a frame thumbnail (the bundled ffprobe and
// ffmpeg), a zip is listed and extracted (the bundled 7-Zip). Decision 0056. Prints each step;
// exits non-zero on the first failed check.
//   npm run build && node scripts/acceptance/bare-machine.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { MediaTools } from "../../apps/server/dist/lib/media-tools.js";
import { buildIfStale, startBuiltServer } from "../built-server.mjs";
import { signUpWithMailedCode } from "../mail-signup.mjs";

const step = (text) => console.log(`- ${text}`);
function check(ok, text) {
  if (!ok) throw new Error(`FAILED: ${text}`);
  console.log(`  ✓ ${text}`);
}

/** A valid one-page PDF (200 × 300 points) with a red rectangle on it. */
function onePagePdf() {
  const content = "1 0 0 rg 20 20 160 260 re f";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const offset = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

async function api(server, token, method, route, body) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body && JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A form upload, as the web does it; resolves to the completed drive#file. */
async function upload(server, token, name, bytes) {
  const created = await api(server, token, "POST", "/drive/v1/files", {
    kind: "drive#file",
    name,
    parent_id: "",
    size: String(bytes.length),
    upload_type: "UPLOAD_TYPE_FORM",
  });
  const response = await fetch(`${server.url}${new URL(created.form.url).pathname}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: bytes,
  });
  if (!response.ok) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The file once its preview job made a thumbnail (it runs in the background), within 60 s. */
async function withThumbnail(server, token, id) {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const file = await api(server, token, "GET", `/drive/v1/files/${id}`);
    if (file.thumbnail_link) return file;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`FAILED: no thumbnail for ${id} within 60 s`);
}

async function thumbnailSize(server, link) {
  const url = new URL(link);
  const response = await fetch(`${server.url}${url.pathname}${url.search}`);
  if (!response.ok) throw new Error(`thumbnail: ${response.status}`);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return `${meta.format} ${meta.width}x${meta.height}`;
}

const PROGRAMS = ["ffmpeg", "ffprobe", "7zz", "7z", "7za", "pdftoppm", "lsar", "unar"];

buildIfStale();
const work = mkdtempSync(path.join(tmpdir(), "nimbus-bare-"));
let server;
try {
  step("a PATH with node and sh only");
  const bin = path.join(work, "bin");
  mkdirSync(bin);
  symlinkSync(process.execPath, path.join(bin, "node"));
  symlinkSync("/bin/sh", path.join(bin, "sh"));
  const found = PROGRAMS.filter(
    (name) => spawnSync("/bin/sh", ["-c", `command -v ${name}`], { env: { PATH: bin } }).status === 0,
  );
  check(found.length === 0, `none of ${PROGRAMS.join(", ")} on it`);

  // The fixtures are made with the bundled programs too: nothing here needs Debian's.
  const tools = new MediaTools({ bundled: true, searchPath: bin });
  const clip = path.join(work, "clip.mp4");
  execFileSync(tools.find("ffmpeg"), [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=640x480:rate=25"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y", clip],
  ]);
  const tree = path.join(work, "tree");
  mkdirSync(path.join(tree, "docs"), { recursive: true });
  writeFileSync(path.join(tree, "readme.txt"), "hello archive");
  writeFileSync(path.join(tree, "docs", "notes.txt"), "notes");
  execFileSync(tools.find("7zz"), ["a", "-tzip", "-bd", "../tree.zip", "."], { cwd: tree, stdio: "ignore" });

  step("the built server started on that PATH");
  server = await startBuiltServer({ env: { PATH: bin } });
  const ready = await (await fetch(`${server.url}/readyz`)).json();
  check(
    Object.values(ready.previews ?? {}).length === 5 && Object.values(ready.previews).every(Boolean),
    `/readyz lists every preview kind: ${JSON.stringify(ready.previews)}`,
  );
  const alice = await signUpWithMailedCode(server.url, server.dataDir, "bare@example.com", "bare password 1");
  const token = alice.access_token;

  step("a PDF");
  const pdf = await upload(server, token, "poster.pdf", onePagePdf());
  const pdfThumb = await thumbnailSize(server, (await withThumbnail(server, token, pdf.id)).thumbnail_link);
  check(pdfThumb === "webp 320x480", `its first page is its thumbnail (${pdfThumb})`);

  step("a video");
  const video = await upload(server, token, "clip.mp4", readFileSync(clip));
  const probed = await withThumbnail(server, token, video.id);
  const facts = probed.medias?.[0]?.video ?? {};
  check(
    facts.duration === 2 && facts.width === 640 && facts.video_codec === "h264",
    `its facts: ${facts.duration} s, ${facts.width}x${facts.height}, ${facts.video_codec}/${facts.audio_codec}`,
  );
  const videoThumb = await thumbnailSize(server, probed.thumbnail_link);
  check(videoThumb === "webp 480x360", `a frame is its thumbnail (${videoThumb})`);

  step("a zip");
  const zip = await upload(server, token, "tree.zip", readFileSync(path.join(work, "tree.zip")));
  const listing = await api(server, token, "POST", "/decompress/v1/list", { file_id: zip.id });
  const paths = listing.entries.map((entry) => entry.path).sort();
  check(paths.join(",") === "docs,docs/notes.txt,readme.txt", `its entries are listed: ${paths.join(", ")}`);
  const { task } = await api(server, token, "POST", "/decompress/v1/decompress", {
    file_id: zip.id,
    to_parent_id: "",
  });
  let phase = task.phase;
  for (let waited = 0; waited < 60_000 && phase !== "PHASE_TYPE_COMPLETE"; waited += 250) {
    if (phase === "PHASE_TYPE_ERROR") break;
    await new Promise((resolve) => setTimeout(resolve, 250));
    phase = (await api(server, token, "GET", `/drive/v1/tasks/${task.id}`)).phase;
  }
  check(phase === "PHASE_TYPE_COMPLETE", "it is extracted into the drive");
  console.log(
    "bare machine: PDF and video thumbnails, video facts, zip listing and extraction without system programs",
  );
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
