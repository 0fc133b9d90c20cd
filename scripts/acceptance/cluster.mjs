// Issue #18's cluster test, as a new user would meet a cluster: two built Nimbus processes on
// the local Postgres (their own schema), one bucket (s3rver on loopback) and the local Redis,
// behind nginx round-robin (its own config and prefix in a temp dir, free ports).
// - sign up through node A; upload a file by tus with PATCHes alternating A and B, A killed
//   (SIGKILL) in the middle of a PATCH, the upload finished on B;
// - share it; another user saves it through node A (started again) and downloads it through
//   nginx: bytes identical; nothing left in the bucket's temp areas or the nodes' disks;
// - the per-address sign-in limit counted across both nodes;
// - a change made through one node answers the web's long poll (GET /drive/v1/events/wait) held
//   by the other at once (Redis wake-up), and shows in the other node's event list;
// - two PATCHes of one upload at one offset on both nodes at once: one writes, the other gets 409
//   (the upload's lock is in Redis);
// - two more nodes on one shared DATA_DIR (BLOB_STORE=local) with DOWNLOAD_OFFLOAD=x-accel behind
//   a second nginx on the same deploy file: the nodes check links, nginx sends the bytes.
// Prints each step; exits non-zero on the first failed check.
//   npm run build && node scripts/acceptance/cluster.mjs
// Env: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), TEST_REDIS_URL
// (default redis://127.0.0.1:6379), NGINX (default /usr/sbin/nginx). CLUSTER_WITHOUT_REDIS=1
// starts the nodes without REDIS_URL, to show the sign-in limit step then fails.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { GcidHasher } from "@nimbus/protocol";
import { ROOT } from "../build-freshness.mjs";
import { buildIfStale } from "../built-server.mjs";
import { BUCKET, call, ok, signUp, startRig, tusOffset, tusPatch, tusSlowPatch } from "../cluster-rig.mjs";

const started = Date.now();
const WITHOUT_REDIS = process.env.CLUSTER_WITHOUT_REDIS === "1";
const MiB = 1024 * 1024;
const CHUNK = 2 * MiB;
const SIZE = 12 * MiB + 12345;

const step = (text) => console.log(`- ${text}`);
function check(ok, text) {
  if (!ok) throw new Error(`FAILED: ${text}`);
  console.log(`  ✓ ${text}`);
}

let rig;

async function listKeys(s3, prefix) {
  const answer = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (answer.Contents ?? []).map((object) => object.Key);
}

function filesUnder(dir) {
  return existsSync(dir) ? readdirSync(dir) : [];
}

let exitCode = 0;
try {
  buildIfStale();
  step("Postgres schema, s3rver, two nodes, nginx round-robin in front");
  rig = await startRig({ withRedis: !WITHOUT_REDIS, extraEnv: { FREE_STORAGE_BYTES: String(1024 * MiB) } });
  const { s3Endpoint } = rig;
  const dataA = path.join(rig.work, "node-a");
  const dataB = path.join(rig.work, "node-b");
  let nodeA = await rig.startNode("node-a");
  const nodeB = await rig.startNode("node-b");
  const nginxUrl = await rig.startNginx([new URL(nodeA.url).host, new URL(nodeB.url).host]);
  // Links carry the nodes' default PUBLIC_URL; they are followed by path through nginx below.
  check(
    true,
    `nodes at ${nodeA.url} and ${nodeB.url}, nginx at ${nginxUrl}${WITHOUT_REDIS ? ", no Redis" : ""}`,
  );

  step("alice signs up through node A");
  const alice = await signUp(nodeA, "alice@example.com", "alice password 1");
  check(Boolean(alice.access_token), "signed up, token issued by node A");
  const me = await ok(nodeB.url, "GET", "/v1/user/me", { token: alice.access_token });
  check(me.sub === alice.sub, "node B knows alice's token");

  step(`a ${SIZE}-byte tus upload, PATCHes of ${CHUNK / MiB} MiB alternating B and A`);
  const bytes = randomBytes(SIZE);
  const hasher = new GcidHasher(SIZE, () => createHash("sha1"));
  hasher.update(bytes);
  const gcid = hasher.digest();
  const created = await ok(nginxUrl, "POST", "/drive/v1/files", {
    token: alice.access_token,
    body: {
      kind: "drive#file",
      name: "cluster.bin",
      size: String(SIZE),
      upload_type: "UPLOAD_TYPE_RESUMABLE",
      hash: gcid,
    },
  });
  const tusPath = new URL(created.resumable.params.url).pathname;
  let offset = 0;
  for (const node of [nodeB, nodeA, nodeB]) {
    offset = await tusPatch(
      node.url,
      tusPath,
      alice.access_token,
      offset,
      bytes.subarray(offset, offset + CHUNK),
    );
  }
  check(offset === 3 * CHUNK, `three PATCHes on B, A, B: offset ${offset}`);
  check((await tusOffset(nodeA.url, tusPath, alice.access_token)) === offset, "node A's HEAD agrees");

  step("node A is killed (SIGKILL) while a PATCH streams into it");
  let sent = 0;
  const slow = new ReadableStream({
    async pull(controller) {
      if (sent >= CHUNK) return controller.close();
      controller.enqueue(bytes.subarray(offset + sent, offset + sent + 256 * 1024));
      sent += 256 * 1024;
      if (sent === 1024 * 1024) process.kill(nodeA.pid, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  });
  const cut = await tusPatch(nodeA.url, tusPath, alice.access_token, offset, slow).then(
    () => "answered",
    (error) => `failed (${error.cause?.code ?? error.message})`,
  );
  check(cut !== "answered", `the PATCH to node A never completed: ${cut}`);
  const resumed = await tusOffset(nodeB.url, tusPath, alice.access_token);
  check(resumed === offset, `node B's HEAD answers the offset before the lost PATCH: ${resumed}`);

  step("the upload finishes on node B");
  while (offset < SIZE) {
    offset = await tusPatch(
      nodeB.url,
      tusPath,
      alice.access_token,
      offset,
      bytes.subarray(offset, offset + CHUNK),
    );
  }
  const file = await ok(nodeB.url, "GET", `/drive/v1/files/${created.file.id}`, {
    token: alice.access_token,
  });
  check(
    file.phase === "PHASE_TYPE_COMPLETE" && file.hash === gcid,
    `complete with the declared GCID (${gcid})`,
  );

  step("node A comes back (as its service manager would restart it)");
  await nodeA.stop();
  nodeA = await rig.startNode("node-a", nodeA.port);
  check((await fetch(`${nginxUrl}/readyz`)).ok, "nginx reaches the nodes again");

  step("alice shares the file through node B; bob signs up and saves it through node A");
  const share = await ok(nodeB.url, "POST", "/drive/v1/share", {
    token: alice.access_token,
    body: { file_ids: [created.file.id] },
  });
  const bob = await signUp(nodeA, "bob@example.com", "bob password 1");
  const saved = await ok(nodeA.url, "POST", "/drive/v1/share/restore", {
    token: bob.access_token,
    body: { share_id: share.share_id, file_ids: [created.file.id] },
  });
  let task;
  for (let waited = 0; waited < 30_000; waited += 200) {
    task = await ok(nodeB.url, "GET", `/drive/v1/tasks/${saved.restore_task_id}`, {
      token: bob.access_token,
    });
    if (task.phase === "PHASE_TYPE_COMPLETE" || task.phase === "PHASE_TYPE_ERROR") break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  check(task?.phase === "PHASE_TYPE_COMPLETE", `the save task completed (${task?.phase})`);
  const bobFiles = await ok(nodeB.url, "GET", "/drive/v1/files", { token: bob.access_token });
  const copy = bobFiles.files.find((f) => f.name === "cluster.bin");
  check(copy?.hash === gcid, "bob's drive has the copy, same GCID");
  const link = new URL(copy.web_content_link);
  const download = await fetch(`${nginxUrl}${link.pathname}${link.search}`);
  const downloaded = Buffer.from(await download.arrayBuffer());
  check(download.status === 200 && downloaded.equals(bytes), "bob's download through nginx: bytes identical");

  step("nothing left in temp storage");
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  rig.cleanups.push(() => s3.destroy());
  const leftInBucket = [...(await listKeys(s3, "tmp/")), ...(await listKeys(s3, "uploads/"))];
  check(leftInBucket.length === 0, `bucket tmp/ and uploads/ empty (${leftInBucket.join(", ") || "none"})`);
  const leftOnDisk = [dataA, dataB].flatMap((d) => [
    ...filesUnder(path.join(d, "uploads")),
    ...filesUnder(path.join(d, "tmp")),
  ]);
  check(
    leftOnDisk.length === 0,
    `both nodes' DATA_DIR/uploads and tmp empty (${leftOnDisk.join(", ") || "none"})`,
  );

  step("a change made through node B answers the web's long poll waiting on node A (Redis wake-up)");
  const waitOnA = (query) =>
    ok(nodeA.url, "GET", `/drive/v1/events/wait${query}`, { token: alice.access_token });
  const cursor = (await waitOnA("")).latest_id;
  const polled = waitOnA(`?after=${cursor}&wait_seconds=20`).then((answer) => ({ answer, at: Date.now() }));
  await new Promise((resolve) => setTimeout(resolve, 300)); // node A is holding the poll
  await ok(nodeB.url, "PATCH", `/drive/v1/files/${created.file.id}`, {
    token: alice.access_token,
    body: { name: "renamed on B.bin" },
  });
  const renamedAt = Date.now();
  const { answer: woke, at } = await polled;
  check(
    woke.changed && woke.latest_id > cursor,
    `node A's long poll answered changed (cursor ${woke.latest_id})`,
  );
  // Node A re-reads the database every 2 s while it waits: only a wake-up over Redis answers sooner.
  if (!WITHOUT_REDIS) check(at - renamedAt < 1000, `within ${at - renamedAt} ms of the rename on B`);
  const after = await ok(nodeA.url, "GET", "/drive/v1/events?limit=1", { token: alice.access_token });
  check(after.events[0]?.id === woke.latest_id, "node A lists the rename made on node B");

  step("two PATCHes at one offset of one upload, on node A and node B at once: one writes, one gets 409");
  const small = randomBytes(512 * 1024);
  // One byte more than A sends, so A's PATCH does not finish (and end) the upload.
  const raced = await ok(nginxUrl, "POST", "/drive/v1/files", {
    token: alice.access_token,
    body: {
      kind: "drive#file",
      name: "raced.bin",
      size: String(small.length + 1),
      upload_type: "UPLOAD_TYPE_RESUMABLE",
    },
  });
  const racedPath = new URL(raced.resumable.params.url).pathname;
  // A's headers go out first and its body follows slowly: it holds the upload before any byte lands.
  const slowOnA = tusSlowPatch(nodeA.url, racedPath, alice.access_token, 0, small, 4, 300);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const onB = await call(nodeB.url, "PATCH", racedPath, {
    token: alice.access_token,
    headers: {
      "tus-resumable": "1.0.0",
      "upload-offset": "0",
      "content-type": "application/offset+octet-stream",
    },
    raw: randomBytes(256 * 1024),
  });
  const statuses = [await slowOnA, onB.status];
  if (WITHOUT_REDIS)
    console.log(`  (no Redis: the nodes do not share the lock; answered ${statuses.join(", ")})`);
  else
    check(statuses[0] === 204 && statuses[1] === 409, `node A wrote, node B refused: ${statuses.join(", ")}`);
  const racedOffset = await tusOffset(nodeB.url, racedPath, alice.access_token);
  if (!WITHOUT_REDIS)
    check(racedOffset === small.length, `the offset is node A's PATCH alone: ${racedOffset}`);

  step("a shared volume: nodes C and D on one DATA_DIR, BLOB_STORE=local, DOWNLOAD_OFFLOAD=x-accel");
  const onVolume = { BLOB_STORE: "local", DOWNLOAD_OFFLOAD: "x-accel" };
  const nodeC = await rig.startNode("shared-volume", undefined, onVolume);
  const nodeD = await rig.startNode("shared-volume", undefined, onVolume);
  const volumeUrl = await rig.startNginx([new URL(nodeC.url).host, new URL(nodeD.url).host], {
    blobDir: path.join(rig.work, "shared-volume", "blobs"),
  });
  const onDisk = randomBytes(3 * MiB + 7);
  const stored = await ok(volumeUrl, "POST", "/drive/v1/files", {
    token: alice.access_token,
    body: {
      kind: "drive#file",
      name: "volume.bin",
      size: String(onDisk.length),
      upload_type: "UPLOAD_TYPE_RESUMABLE",
    },
  });
  const storedPath = new URL(stored.resumable.params.url).pathname;
  const storedAt = await tusPatch(nodeC.url, storedPath, alice.access_token, 0, onDisk);
  check(storedAt === onDisk.length, `uploaded through node C onto the shared volume (${storedAt} bytes)`);
  const onD = await ok(nodeD.url, "GET", `/drive/v1/files/${stored.file.id}`, { token: alice.access_token });
  const signed = new URL(onD.web_content_link);
  const signedPath = `${signed.pathname}${signed.search}`;
  const fromNode = await fetch(`${nodeD.url}${signedPath}`);
  const nodeBody = await fromNode.arrayBuffer();
  check(
    fromNode.headers.get("x-accel-redirect")?.startsWith(`/_nimbus_blobs/${onD.hash.slice(0, 2)}/`) &&
      nodeBody.byteLength === 0,
    `node D checks the link and answers X-Accel-Redirect, no bytes (${fromNode.headers.get("x-accel-redirect")})`,
  );
  for (let i = 0; i < 2; i++) {
    const whole = await fetch(`${volumeUrl}${signedPath}`);
    check(
      whole.status === 200 && Buffer.from(await whole.arrayBuffer()).equals(onDisk),
      `download ${i + 1} through nginx (round-robin C/D): bytes identical, sent by nginx`,
    );
  }
  const ranged = await fetch(`${volumeUrl}${signedPath}`, { headers: { range: "bytes=1000-2099999" } });
  check(
    ranged.status === 206 &&
      ranged.headers.get("etag") === `"${onD.hash}"` &&
      Buffer.from(await ranged.arrayBuffer()).equals(onDisk.subarray(1000, 2_100_000)),
    "a range through nginx: 206, Nimbus's ETag, the same bytes",
  );
  await ok(nodeC.url, "POST", "/v1/auth/signout?all=true", { token: alice.access_token });
  const revoked = await fetch(`${volumeUrl}${signedPath}`);
  check(
    revoked.status === 403,
    `after alice signs out everywhere the link is refused by the node (${revoked.status})`,
  );

  step("the per-address sign-in limit, failures alternating nodes A and B");
  const { SIGNIN_FAILURES_PER_IP_HOUR } = await import(
    path.join(ROOT, "apps/server/dist/modules/accounts/signin-guard.js")
  );
  const attempt = (node, n) =>
    call(node.url, "POST", "/v1/auth/signin", {
      headers: { "x-device-id": n.toString(16).padStart(32, "0") },
      body: { username: `nobody-${n}@example.com`, password: "wrong" },
    });
  for (let n = 0; n < SIGNIN_FAILURES_PER_IP_HOUR; n += 10) {
    const batch = await Promise.all(
      Array.from({ length: 10 }, (_, i) => attempt(n % 20 === 0 ? nodeA : nodeB, n + i)),
    );
    for (const answer of batch) {
      if (answer.json?.error !== "invalid_account_or_password") {
        throw new Error(`FAILED: attempt ${n} answered ${answer.status} ${JSON.stringify(answer.json)}`);
      }
    }
  }
  const over = await attempt(nodeB, SIGNIN_FAILURES_PER_IP_HOUR);
  check(
    over.json?.error === "too_many_requests",
    `attempt ${SIGNIN_FAILURES_PER_IP_HOUR + 1} (half of the earlier ones on each node) refused: ${over.json?.error}`,
  );
  console.log(`cluster test passed in ${Math.round((Date.now() - started) / 1000)} s`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await rig?.close();
}
process.exit(exitCode);
