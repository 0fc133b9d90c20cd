// WebDAV as rclone users run it (Debian's `rclone`, WebDAV backend, vendor `other`) against the
// built server, signed in with an app password: a tree of 300 small files and one big file
// (200 MB; WEBDAV_BIG_MB) copied up, `rclone check --download` clean, copied back
// byte-identical, a second upload of the same tree stores no new blob bytes, and the files are
// in the drive's API. Prints each step; exits non-zero on the first failed check.
//   npm run build && node scripts/acceptance/webdav-rclone.mjs
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  closeSync,
  createReadStream,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildIfStale, startBuiltServer } from "../built-server.mjs";
import { signUpWithMailedCode } from "../mail-signup.mjs";

const SMALL_FILES = 300;
const BIG = Number(process.env.WEBDAV_BIG_MB ?? 200) * 1000 * 1000;

const step = (text) => console.log(`- ${text}`);
function check(ok, text) {
  if (!ok) throw new Error(`FAILED: ${text}`);
  console.log(`  ✓ ${text}`);
}

function rclone(env, ...args) {
  const run = spawnSync("rclone", args, { env: { ...process.env, ...env }, encoding: "utf8" });
  if (run.error) throw new Error(`rclone did not start (apt-get install rclone): ${run.error.message}`);
  return run;
}

/** Every file under `dir`, relative paths, sorted. */
function filesUnder(dir, prefix = "") {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(dir, path.join(prefix, entry.name)) : [path.join(prefix, entry.name)],
    )
    .sort();
}

async function sha256(file) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk);
  return hash.digest("hex");
}

function bytesUnder(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(full) : statSync(full).size;
  }
  return total;
}

buildIfStale();
const work = mkdtempSync(path.join(tmpdir(), "nimbus-rclone-"));
const server = await startBuiltServer();
try {
  step("sign up and make an app password");
  const email = `rclone-${Date.now()}@example.com`;
  const { access_token } = await signUpWithMailedCode(server.url, server.dataDir, email, "rclone passphrase");
  const auth = { authorization: `Bearer ${access_token}`, "content-type": "application/json" };
  const created = await fetch(`${server.url}/v1/user/me/app_passwords`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ name: "rclone" }),
  });
  check(created.ok, "POST /v1/user/me/app_passwords answers 200");
  const { password } = await created.json();
  const obscured = rclone({}, "obscure", password).stdout.trim();
  const env = {
    RCLONE_CONFIG_NIMBUS_TYPE: "webdav",
    RCLONE_CONFIG_NIMBUS_URL: `${server.url}/dav/`,
    RCLONE_CONFIG_NIMBUS_VENDOR: "other",
    RCLONE_CONFIG_NIMBUS_USER: email,
    RCLONE_CONFIG_NIMBUS_PASS: obscured,
  };

  step(`a local tree: ${SMALL_FILES} small files in 10 folders and one ${BIG / 1e6} MB file`);
  const source = path.join(work, "source");
  for (let i = 0; i < SMALL_FILES; i++) {
    const folder = path.join(source, `folder ${i % 10}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `small-${i}.bin`), randomBytes(512 + ((i * 37) % 4096)));
  }
  const big = openSync(path.join(source, "big.bin"), "w");
  for (let written = 0; written < BIG; written += 4 * 1024 * 1024) {
    writeSync(big, randomBytes(Math.min(4 * 1024 * 1024, BIG - written)));
  }
  closeSync(big);
  const local = filesUnder(source);

  step("rclone copy up");
  let started = Date.now();
  const up = rclone(env, "copy", source, "nimbus:tree", "--transfers", "4");
  check(
    up.status === 0,
    `rclone copy up exits 0 (${((Date.now() - started) / 1000).toFixed(1)} s)${up.stderr ? `\n${up.stderr}` : ""}`,
  );

  step("rclone check --download");
  const checked = rclone(env, "check", source, "nimbus:tree", "--download");
  check(
    checked.status === 0,
    `rclone check finds no differences${checked.stderr ? `\n${checked.stderr.slice(-2000)}` : ""}`,
  );

  step("rclone copy back");
  const back = path.join(work, "back");
  started = Date.now();
  const down = rclone(env, "copy", "nimbus:tree", back, "--transfers", "4");
  check(down.status === 0, `rclone copy back exits 0 (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  check(
    JSON.stringify(filesUnder(back)) === JSON.stringify(local),
    `the same ${local.length} files came back`,
  );
  let identical = 0;
  for (const file of local) {
    if ((await sha256(path.join(source, file))) === (await sha256(path.join(back, file)))) identical++;
  }
  check(identical === local.length, `all ${local.length} files are byte-identical (SHA-256)`);

  step("a second upload of the same tree stores no new blob bytes");
  const blobs = path.join(server.dataDir, "blobs");
  const before = bytesUnder(blobs);
  const again = rclone(env, "copy", source, "nimbus:tree again", "--transfers", "4");
  check(again.status === 0, "rclone copy to another folder exits 0");
  const after = bytesUnder(blobs);
  check(after === before, `blob store bytes unchanged (${before} before, ${after} after)`);

  step("the files are in the drive's API");
  const list = async (parentId) =>
    (
      await (
        await fetch(`${server.url}/drive/v1/files?parent_id=${parentId}&limit=1000`, { headers: auth })
      ).json()
    ).files;
  const tree = (await list("")).find((file) => file.name === "tree");
  check(tree?.kind === "drive#folder", "GET /drive/v1/files lists the folder tree");
  const top = await list(tree.id);
  const bigFile = top.find((file) => file.name === "big.bin");
  check(bigFile?.size === String(BIG), `big.bin is listed with its ${BIG} bytes`);
  let small = 0;
  for (const folder of top.filter((file) => file.kind === "drive#folder"))
    small += (await list(folder.id)).length;
  check(small === SMALL_FILES, `the ${SMALL_FILES} small files are listed in their folders`);
  console.log("ok");
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
