// The cluster of issue #18 on one machine, for the cluster acceptance test and the load
// bench: a fresh Postgres schema, s3rver on loopback, a Redis key prefix, built nodes and
// nginx round-robin in front (deploy/nginx/nimbus.conf with its own prefix and free ports).
// Every start registers its undoing in `rig.cleanups`; `rig.close()` runs them in reverse.

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { ROOT } from "./build-freshness.mjs";
import { freeLoopbackPort, startBuiltServer } from "./built-server.mjs";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
export const BUCKET = "nimbus-cluster";

/**
 * Starts the shared services and answers `{ work, env, redisPrefix, s3Endpoint, startNode,
 * startNginx, close }`; `env` is what every node gets (`withRedis: false` leaves REDIS_URL out).
 */
export async function startRig({ withRedis = true, extraEnv = {} } = {}) {
  const cleanups = [];
  const work = mkdtempSync(path.join(tmpdir(), "nimbus-cluster-"));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  const rig = { work, cleanups };
  rig.close = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };
  try {
    const databaseUrl = await postgresSchema(cleanups);
    rig.s3Endpoint = await startS3(work, cleanups);
    rig.redisPrefix = `nimbus-cluster-${randomBytes(6).toString("hex")}:`;
    rig.env = {
      DATABASE_URL: databaseUrl,
      BLOB_STORE: "s3",
      S3_ENDPOINT: rig.s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
      SECRET_KEY: randomBytes(32).toString("hex"),
      TRUST_PROXY: "127.0.0.1",
      CAPTCHA_MODE: "off",
      ...(withRedis ? { REDIS_URL, REDIS_KEY_PREFIX: rig.redisPrefix } : {}),
      ...extraEnv,
    };
  } catch (error) {
    await rig.close();
    throw error;
  }
  /**
   * A node on its own DATA_DIR (`name`; two nodes given one name share it, as on a shared
   * volume), on `port` when given (a restart behind nginx), `env` over the rig's.
   */
  rig.startNode = async (name, port, env = {}) => {
    const node = await startBuiltServer({
      dataDir: path.join(work, name),
      env: { ...rig.env, ...env },
      port: port ?? (await freeLoopbackPort()),
      readyTimeoutMs: 90_000,
    });
    cleanups.push(() => node.stop());
    return { ...node, port: Number(new URL(node.url).port) };
  };
  /** nginx with deploy/nginx/nimbus.conf; `blobDir`: where its offload location points. */
  rig.startNginx = (upstreams, { blobDir } = {}) => startNginx(work, cleanups, upstreams, blobDir);
  return rig;
}

async function postgresSchema(cleanups) {
  const schema = `nimbus_cluster_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });
  const url = new URL(PG_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

async function startS3(work, cleanups) {
  const S3rver = createRequire(import.meta.url)("s3rver");
  const directory = path.join(work, "s3");
  mkdirSync(directory);
  const port = await freeLoopbackPort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  await server.run();
  cleanups.push(() => server.close());
  return `http://127.0.0.1:${port}`;
}

/** nginx round-robin over the nodes, run in the foreground with everything under `dir`. */
async function startNginx(work, cleanups, upstreams, blobDir) {
  const dir = path.join(work, `nginx-${upstreams.join("-").replace(/[^0-9]/g, "")}`);
  mkdirSync(path.join(dir, "logs"), { recursive: true });
  const port = await freeLoopbackPort();
  const template = readFileSync(path.join(ROOT, "deploy/nginx/nimbus.conf"), "utf8");
  const site = template
    .replace(/server 127\.0\.0\.1:\d+[^;]*;\n/g, "")
    .replace(
      "upstream nimbus {\n",
      `upstream nimbus {\n${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=2s;\n`).join("")}`,
    )
    .replace(/listen [^;]+;/, `listen 127.0.0.1:${port};`)
    .replace(/\n\s*ssl_[^\n]*/g, "")
    .replace(/^(\s*)alias [^;]+;/m, `$1alias ${blobDir ?? path.join(work, "no-blobs")}/;`);
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    [
      "daemon off;",
      "master_process off;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/logs/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log off;`,
      `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      site,
      "}",
    ].join("\n"),
  );
  const child = spawn(NGINX, ["-p", dir, "-c", conf], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    if (waited > 10_000) throw new Error("nginx not answering");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One request; `body` is sent as JSON, `raw` (bytes) as it is. Answers status, headers and the JSON read. */
export async function call(origin, method, route, { token, body, raw, headers = {} } = {}) {
  const response = await fetch(`${origin}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: raw ?? (body && JSON.stringify(body)),
  });
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, json };
}

export async function ok(origin, method, route, options) {
  const answer = await call(origin, method, route, options);
  if (answer.status >= 300)
    throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** Signs up through `origin`, reading the mailed code from that node's DATA_DIR outbox. */
export async function signUp(node, email, password) {
  const { verification_id } = await ok(node.url, "POST", "/v1/auth/verification", {
    body: { email, target: "ANY", usage: "REGISTER" },
  });
  let code;
  for (let waited = 0; !code && waited < 5000; waited += 100) {
    const dir = path.join(node.dataDir, "mail");
    for (const file of existsSync(dir) ? readdirSync(dir) : []) {
      const raw = readFileSync(path.join(dir, file), "utf8").replace(/\r\n/g, "\n");
      if ((/^To: (.*)$/im.exec(raw)?.[1] ?? "").includes(email)) code = /^ {4}(\d{6})$/m.exec(raw)?.[1];
    }
    if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!code) throw new Error(`no code mailed to ${email}`);
  const { verification_token } = await ok(node.url, "POST", "/v1/auth/verification/verify", {
    body: { verification_id, verification_code: code },
  });
  return ok(node.url, "POST", "/v1/auth/signup", { body: { verification_token, password } });
}

function tusHeaders(token, extra = {}) {
  return { authorization: `Bearer ${token}`, "tus-resumable": "1.0.0", ...extra };
}

export async function tusOffset(origin, tusPath, token) {
  const head = await fetch(`${origin}${tusPath}`, { method: "HEAD", headers: tusHeaders(token) });
  if (!head.ok) throw new Error(`HEAD ${tusPath}: ${head.status}`);
  return Number(head.headers.get("upload-offset"));
}

/**
 * A PATCH whose headers go out at once and whose bytes follow in `pieces` parts, each after
 * `delayMs` (fetch would hold the headers back until the first byte). Answers the status.
 */
export function tusSlowPatch(origin, tusPath, token, offset, bytes, pieces, delayMs) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${tusPath}`,
      {
        method: "PATCH",
        headers: tusHeaders(token, {
          "upload-offset": String(offset),
          "content-type": "application/offset+octet-stream",
          "content-length": String(bytes.length),
        }),
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", reject);
    request.flushHeaders();
    const size = Math.ceil(bytes.length / pieces);
    (async () => {
      for (let sent = 0; sent < bytes.length; sent += size) {
        await new Promise((done) => setTimeout(done, delayMs));
        request.write(bytes.subarray(sent, sent + size));
      }
      request.end();
    })().catch(reject);
  });
}

export async function tusPatch(origin, tusPath, token, offset, body) {
  const response = await fetch(`${origin}${tusPath}`, {
    method: "PATCH",
    headers: tusHeaders(token, {
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
    }),
    body,
    duplex: "half",
  });
  if (response.status !== 204)
    throw new Error(`PATCH at ${offset}: ${response.status} ${await response.text()}`);
  return Number(response.headers.get("upload-offset"));
}
