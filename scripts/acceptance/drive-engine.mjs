// The drive engine's "done when" journey, as a new user would run it against the
// built server: upload a 300 MB file with tus-js-client, kill the server
// (SIGKILL) mid-way, start it again on the same DATA_DIR, resume, then download
// it with a Range request and a full GET through curl and compare SHA-1s; a
// second user uploads the same bytes and completes at once after answering the
// range challenge. Prints each step; exits non-zero on the first failed check.
//   npm run build && node scripts/acceptance/drive-engine.mjs
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, createReadStream, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GcidHasher } from "@nimbus/protocol";
import * as tus from "tus-js-client";
import { buildIfStale, startBuiltServer } from "../built-server.mjs";
import { signUpWithMailedCode } from "../mail-signup.mjs";

const SIZE = Number(process.env.ACCEPTANCE_MB ?? 300) * 1000 * 1000;
const KILL_AT = 0.4;

const step = (text) => console.log(`- ${text}`);
function check(ok, text) {
  if (!ok) throw new Error(`FAILED: ${text}`);
  console.log(`  ✓ ${text}`);
}

/** SHA-1, GCID and SHA-256 of a file, read once. */
async function digests(file) {
  const sha1 = createHash("sha1");
  const sha256 = createHash("sha256");
  const gcid = new GcidHasher(SIZE, () => createHash("sha1"));
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    sha1.update(chunk);
    sha256.update(chunk);
    gcid.update(chunk);
  }
  return { sha1: sha1.digest("hex"), sha256: sha256.digest("hex"), gcid: gcid.digest() };
}

function sha1OfRange(file, start, end) {
  const bytes = Buffer.alloc(end - start + 1);
  const fd = openSync(file, "r");
  try {
    readSync(fd, bytes, 0, bytes.length, start);
  } finally {
    closeSync(fd);
  }
  return createHash("sha1").update(bytes).digest("hex");
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

/**
 * tus-js-client, resuming where the server says; resolves to "done", or to
 * "aborted" when `stopAt(sent)` returns true (the upload is then abandoned).
 */
function tusUpload(url, token, file, stopAt = () => false) {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(file), {
      uploadUrl: url,
      uploadSize: SIZE,
      headers: { authorization: `Bearer ${token}` },
      chunkSize: 16 * 1024 * 1024,
      retryDelays: [],
      onProgress: (sent) => {
        if (!stopAt(sent)) return;
        void upload.abort();
        resolve("aborted");
      },
      onSuccess: () => resolve("done"),
      onError: (error) => reject(error),
    });
    upload.start();
  });
}

function curl(url, args) {
  const result = spawnSync("curl", ["-sS", "--fail", ...args, url], { maxBuffer: 1024 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`curl ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

buildIfStale();
const work = mkdtempSync(path.join(tmpdir(), "nimbus-acceptance-"));
const dataDir = path.join(work, "data");
const file = path.join(work, "big.bin");
const env = { FREE_STORAGE_BYTES: String(4 * SIZE) };
let server;
try {
  step(`making ${SIZE} bytes of random data`);
  const fd = openSync(file, "w");
  for (let written = 0; written < SIZE; written += 8 * 1024 * 1024)
    writeSync(fd, randomBytes(Math.min(8 * 1024 * 1024, SIZE - written)));
  closeSync(fd);
  const want = await digests(file);

  server = await startBuiltServer({ dataDir, env });
  const alice = await signUpWithMailedCode(server.url, dataDir, "alice@example.com", "alice password 1");
  step("alice starts a resumable upload");
  const created = await api(server, alice.access_token, "POST", "/drive/v1/files", {
    kind: "drive#file",
    name: "big.bin",
    size: String(SIZE),
    upload_type: "UPLOAD_TYPE_RESUMABLE",
    hash: want.gcid,
    sha256: want.sha256,
  });
  const fileId = created.file.id;
  const tusPath = new URL(created.resumable.params.url).pathname;

  step(`tus-js-client sends; the server is killed (SIGKILL) after ${KILL_AT * 100}% went out`);
  let killed = false;
  const first = await tusUpload(`${server.url}${tusPath}`, alice.access_token, file, (sent) => {
    if (killed || sent < KILL_AT * SIZE) return false;
    killed = true;
    process.kill(server.pid, "SIGKILL");
    return true;
  }).catch((error) => `failed: ${error.message}`);
  check(killed && first !== "done", `the upload was cut off (${first})`);
  await server.stop();

  step("the server starts again on the same DATA_DIR and database");
  server = await startBuiltServer({ dataDir, env });
  const url = `${server.url}${tusPath}`;
  const head = await fetch(url, {
    method: "HEAD",
    headers: { authorization: `Bearer ${alice.access_token}`, "tus-resumable": "1.0.0" },
  });
  const offset = Number(head.headers.get("upload-offset"));
  check(offset > 0 && offset < SIZE, `HEAD answers the bytes kept: ${offset} of ${SIZE}`);

  step("tus-js-client resumes from there");
  check((await tusUpload(url, alice.access_token, file)) === "done", "the upload finished");
  const got = await api(server, alice.access_token, "GET", `/drive/v1/files/${fileId}`);
  check(
    got.phase === "PHASE_TYPE_COMPLETE" && got.hash === want.gcid,
    `the file is complete with GCID ${got.hash}`,
  );

  step("curl downloads it through the signed link: a Range request, then a full GET");
  const start = 123_456_789 % SIZE;
  const end = Math.min(SIZE - 1, start + 10 * 1024 * 1024 - 1);
  const part = curl(got.web_content_link, ["-r", `${start}-${end}`]);
  check(
    createHash("sha1").update(part).digest("hex") === sha1OfRange(file, start, end),
    `bytes ${start}-${end}: SHA-1 matches the local file's range`,
  );
  const full = curl(got.web_content_link, []);
  const fullSha1 = createHash("sha1").update(full).digest("hex");
  check(
    full.length === SIZE && fullSha1 === want.sha1,
    `the full GET: ${full.length} bytes, SHA-1 ${fullSha1}`,
  );

  step("bob uploads the same bytes: the server asks for the SHA-1 of a random range first");
  const bob = await signUpWithMailedCode(server.url, dataDir, "bob@example.com", "bob password 12");
  const request = {
    kind: "drive#file",
    name: "same.bin",
    size: String(SIZE),
    upload_type: "UPLOAD_TYPE_RESUMABLE",
    hash: want.gcid,
    sha256: want.sha256,
  };
  const asked = await api(server, bob.access_token, "POST", "/drive/v1/files", request);
  check(
    asked.challenge !== undefined && asked.file.phase !== "PHASE_TYPE_COMPLETE",
    "the known bytes alone do not complete it: a range challenge comes back (beside the tus URL, for a client that cannot answer)",
  );
  const { id, start: from, end: to } = asked.challenge;
  const answered = await api(server, bob.access_token, "POST", "/drive/v1/files", {
    ...request,
    challenge_id: id,
    challenge_sha1: sha1OfRange(file, Number(from), Number(to)),
  });
  check(
    answered.file.id === asked.file.id && answered.file.phase === "PHASE_TYPE_COMPLETE",
    `the answer (SHA-1 of bytes ${from}-${to}) completes bob's file at once; no byte was sent`,
  );
  const bobs = await api(server, bob.access_token, "GET", `/drive/v1/files/${answered.file.id}`);
  const bobSha1 = createHash("sha1").update(curl(bobs.web_content_link, [])).digest("hex");
  check(bobSha1 === want.sha1, `bob's download has the same SHA-1 ${bobSha1}`);
  console.log("all checks passed");
} finally {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
