import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { DownloadTraffic } from "../src/modules/downloads/download-traffic.js";
import { pathOf, uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

/**
 * DOWNLOAD_OFFLOAD=x-accel (decision 0066): Nimbus checks and charges, nginx sends the bytes.
 * What nginx then does with these answers is measured by bench/download.mjs and shown in
 * deploy/nginx/nimbus.conf; here, what Nimbus answers.
 */
describe("downloads offloaded to nginx (X-Accel-Redirect)", () => {
  let t: TestApp;
  let alice: TestUser;
  let traffic: DownloadTraffic;
  let link: string;
  let key: string;
  let etag: string;
  let lastModified: string;
  const bytes = randomBytes(100_000);
  const used = async (user: TestUser) => Number((await traffic.quota(user.id)).usage);
  const get = (headers: Record<string, string> = {}, url = link) => t.app.inject({ url, headers });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        BLOB_STORE: "local",
        DOWNLOAD_OFFLOAD: "x-accel",
        DOWNLOAD_OFFLOAD_PREFIX: "/_blobs_/",
        FREE_DOWNLOAD_TRAFFIC_BYTES: "350000",
      },
    });
    traffic = new DownloadTraffic(t.database.db, systemClock, t.config);
    alice = await signUp(t.app);
    const file = await uploadFile(t.app, alice, "clip ü.mp4", bytes);
    link = pathOf(file.web_content_link);
    const head = await t.app.inject({ method: "HEAD", url: link });
    etag = String(head.headers.etag);
    lastModified = String(head.headers["last-modified"]);
    key = etag.slice(1, -1);
  });
  afterAll(() => t.close());

  const accel = () => `/_blobs_/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;

  it("answers a full download with its headers and X-Accel-Redirect, no body, the whole file charged", async () => {
    const before = await used(alice);
    const answer = await get();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-accel-redirect"]).toBe(accel());
    expect(answer.rawPayload.length).toBe(0);
    expect(answer.headers).toMatchObject({
      etag,
      "last-modified": lastModified,
      "content-type": "video/mp4",
      "cache-control": "private, max-age=3600",
      "content-security-policy": "sandbox; default-src 'none'",
      "x-content-type-options": "nosniff",
    });
    expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="clip _.mp4"/);
    // nginx sets the length, Accept-Ranges and Content-Range from the file itself.
    expect(answer.headers["content-range"]).toBeUndefined();
    expect(answer.headers["accept-ranges"]).toBeUndefined();
    expect(await used(alice)).toBe(before + bytes.length);
  });

  it("reserves and settles only the requested range; nginx cuts it", async () => {
    const before = await used(alice);
    const ranged = await get({ range: "bytes=100-1099" });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.headers["x-accel-redirect"]).toBe(accel());
    expect(await used(alice)).toBe(before + 1000);
    const suffix = await get({ range: "bytes=-10" });
    expect(suffix.headers["x-accel-redirect"]).toBe(accel());
    expect(await used(alice)).toBe(before + 1010);
    // A range whose If-Range no longer matches is charged as the whole file (nginx sends it all).
    await get({ range: "bytes=0-9", "if-range": '"0000"' });
    expect(await used(alice)).toBe(before + 1010 + bytes.length);
  });

  it("answers conditional requests itself: 304, 412 and 416 carry no X-Accel-Redirect and cost nothing", async () => {
    const before = await used(alice);
    for (const [headers, status] of [
      [{ "if-none-match": etag }, 304],
      [{ "if-modified-since": lastModified }, 304],
      [{ "if-match": '"other"' }, 412],
      [{ "if-unmodified-since": new Date(Date.parse(lastModified) - 60_000).toUTCString() }, 412],
      [{ range: `bytes=${bytes.length}-` }, 416],
    ] as const) {
      const answer = await get(headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(status);
      expect(answer.headers["x-accel-redirect"], JSON.stringify(headers)).toBeUndefined();
    }
    expect(await used(alice)).toBe(before);
    // A HEAD never reaches nginx's file location.
    const head = await t.app.inject({ method: "HEAD", url: link });
    expect(head.headers["x-accel-redirect"]).toBeUndefined();
    expect(head.headers["content-length"]).toBe(String(bytes.length));
  });

  it("streams itself when If-Match or If-Unmodified-Since passed (nginx would check them against its own validators)", async () => {
    const matched = await get({ "if-match": etag, range: "bytes=0-9" });
    expect(matched.statusCode).toBe(206);
    expect(matched.headers["x-accel-redirect"]).toBeUndefined();
    expect(matched.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);
    const unmodified = await get({ "if-unmodified-since": lastModified });
    expect(unmodified.statusCode).toBe(200);
    expect(unmodified.rawPayload.equals(bytes)).toBe(true);
  });

  it("offloads a WebDAV GET the same way: checked and charged here, a revoked app password refused first", async () => {
    const carol = await signUp(t.app);
    const content = randomBytes(50_000);
    await uploadFile(t.app, carol, "film.mkv", content);
    const created = await t.app.inject({
      method: "POST",
      url: "/v1/user/me/app_passwords",
      headers: carol.auth,
      payload: { name: "tv" },
    });
    const { id, password } = created.json();
    const authorization = `Basic ${Buffer.from(`${carol.email}:${password}`).toString("base64")}`;
    const davGet = (headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
      t.app.inject({ method, url: "/dav/film.mkv", headers: { authorization, ...headers } });

    const full = await davGet();
    expect(full.statusCode).toBe(200);
    const davKey = String(full.headers.etag).slice(1, -1);
    expect(full.headers["x-accel-redirect"]).toMatch(/^\/_blobs_\/[0-9A-F]{2}\/[0-9A-F]{2}\/[0-9A-F]+$/);
    expect(full.rawPayload.length).toBe(0);
    expect(full.headers["content-disposition"]).toMatch(/^attachment; filename="film.mkv"/);
    expect(await used(carol)).toBe(content.length);
    const ranged = await davGet({ range: "bytes=0-99" });
    expect(ranged.headers["x-accel-redirect"]).toBe(full.headers["x-accel-redirect"]);
    expect(await used(carol)).toBe(content.length + 100);
    const conditionals: Record<string, string>[] = [
      { "if-none-match": `"${davKey}"` },
      { "if-match": `"${davKey}"` },
    ];
    for (const headers of conditionals) {
      expect((await davGet(headers)).headers["x-accel-redirect"], JSON.stringify(headers)).toBeUndefined();
    }
    expect((await davGet({}, "HEAD")).headers["x-accel-redirect"]).toBeUndefined();

    const charged = await used(carol);
    const revoke = await t.app.inject({
      method: "DELETE",
      url: `/v1/user/me/app_passwords/${id}`,
      headers: carol.auth,
    });
    expect(revoke.statusCode).toBeLessThan(300);
    const refused = await davGet();
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["x-accel-redirect"]).toBeUndefined();
    expect(await used(carol)).toBe(charged);
  });

  it("refuses a revoked link, an exhausted allowance and a forged link before any X-Accel-Redirect", async () => {
    const bob = await signUp(t.app);
    const bobLink = pathOf((await uploadFile(t.app, bob, "b.bin", randomBytes(200_000))).web_content_link);
    expect((await get({}, bobLink)).headers["x-accel-redirect"]).toBeDefined();
    const over = await get({}, bobLink); // 200 kB used of 350 kB: another 200 kB does not fit
    expect(over.statusCode).toBe(403);
    expect(over.json().error).toBe("traffic_not_enough");
    expect(over.headers["x-accel-redirect"]).toBeUndefined();
    expect(await used(bob)).toBe(200_000);

    const forged = new URL(bobLink, "http://x");
    forged.searchParams.set("expires", String(Number(forged.searchParams.get("expires")) + 900_000));
    const refusedForged = await get({}, forged.pathname + forged.search);
    expect(refusedForged.json().error).toBe("link_expired");
    expect(refusedForged.headers["x-accel-redirect"]).toBeUndefined();

    const signout = await t.app.inject({
      method: "POST",
      url: "/v1/auth/signout?all=true",
      headers: bob.auth,
    });
    expect(signout.statusCode).toBe(200);
    const revoked = await get({ range: "bytes=0-0" }, bobLink);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error).toBe("link_expired");
    expect(revoked.headers["x-accel-redirect"]).toBeUndefined();
    expect(await used(bob)).toBe(200_000);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** deploy/nginx/nimbus.conf's offload location, as shipped, in front of a test app. */
describe("nginx serving an offloaded download with the shipped location", () => {
  requireTools("nginx");
  let t: TestApp;
  let nginx: ChildProcess;
  let origin: string;
  let link: string;
  let etag: string;
  let lastModified: string;
  const bytes = randomBytes(300_000);

  beforeAll(async () => {
    t = await createTestApp({ env: { BLOB_STORE: "local", DOWNLOAD_OFFLOAD: "x-accel" } });
    const alice = await signUp(t.app);
    link = pathOf((await uploadFile(t.app, alice, "movie.mp4", bytes)).web_content_link);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const deployed = readFileSync(new URL("../../../deploy/nginx/nimbus.conf", import.meta.url), "utf8");
    const internal = /\n(\s*location \/_nimbus_blobs\/ \{[^}]*\})/.exec(deployed)?.[1];
    expect(internal).toBeDefined();
    const dir = path.join(t.config.dataDir, "nginx");
    mkdirSync(dir);
    const listen = await freePort();
    writeFileSync(
      path.join(dir, "nginx.conf"),
      `daemon off; master_process off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${listen};
    location / { proxy_pass http://127.0.0.1:${port}; proxy_buffering off; }
${String(internal).replace(/alias [^;]+;/, `alias ${path.join(t.config.dataDir, "blobs")}/;`)}
  }
}`,
    );
    nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "inherit" });
    origin = `http://127.0.0.1:${listen}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 100) throw new Error("nginx did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
    const head = await t.app.inject({ method: "HEAD", url: link });
    etag = String(head.headers.etag);
    lastModified = String(head.headers["last-modified"]);
  });
  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await t?.close();
  });

  it("sends the bytes, the range and Nimbus's validators; refuses the internal path from outside", async () => {
    const full = await fetch(`${origin}${link}`);
    expect(full.status).toBe(200);
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);
    expect(full.headers.get("etag")).toBe(etag);
    expect(full.headers.get("last-modified")).toBe(lastModified);
    expect(full.headers.get("content-type")).toBe("video/mp4");
    expect(full.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(full.headers.get("content-disposition")).toMatch(/^attachment; filename="movie.mp4"/);
    expect(full.headers.get("x-accel-redirect")).toBeNull();

    const part = await fetch(`${origin}${link}`, { headers: { range: "bytes=1000-1999", "if-range": etag } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const byDate = await fetch(`${origin}${link}`, {
      headers: { range: "bytes=0-9", "if-range": lastModified },
    });
    expect(byDate.status).toBe(206);
    const stale = await fetch(`${origin}${link}`, { headers: { range: "bytes=0-9", "if-range": '"old"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(bytes.length);

    // Conditionals that pass at Nimbus pass through nginx too (If-Match streams from the node).
    const matched = await fetch(`${origin}${link}`, { headers: { "if-match": etag } });
    expect(matched.status).toBe(200);
    expect(Buffer.from(await matched.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${origin}${link}`, { headers: { "if-none-match": etag } })).status).toBe(304);

    const key = etag.slice(1, -1);
    const direct = await fetch(`${origin}/_nimbus_blobs/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`);
    expect(direct.status).toBe(404);
  });
});
