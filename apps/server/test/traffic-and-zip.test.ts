import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, truncate, writeFile } from "node:fs/promises";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalBlobStore } from "../src/blobs/local-blob-store.js";
import { systemClock } from "../src/lib/clock.js";
import { DownloadTraffic } from "../src/modules/downloads/download-traffic.js";
import { createFolder, pathOf, uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

requireTools("unzip", "7zz");

const LIMIT = 40 * 1024 * 1024;

describe("download traffic and zips", () => {
  let t: TestApp;
  let traffic: DownloadTraffic;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { FREE_DOWNLOAD_TRAFFIC_BYTES: String(LIMIT) } });
    traffic = new DownloadTraffic(t.database.db, systemClock, t.config);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-zip-test-"));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const used = async (user: TestUser) => Number((await traffic.quota(user.id)).usage);

  it("counts bytes served against the link's user; HEAD and 304 are free; exhaustion answers traffic_not_enough", async () => {
    const alice = await signUp(t.app);
    const bytes = randomBytes(15 * 1024 * 1024);
    const link = pathOf((await uploadFile(t.app, alice, "big.bin", bytes)).web_content_link);
    expect(await traffic.quota(alice.id)).toEqual({
      total_assets: String(LIMIT),
      assets: String(LIMIT),
      usage: "0",
    });

    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    expect(await used(alice)).toBe(bytes.length);
    const etag = String((await t.app.inject({ method: "HEAD", url: link })).headers.etag);
    expect((await t.app.inject({ url: link, headers: { "if-none-match": etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: link, headers: { range: "bytes=0-99" } })).statusCode).toBe(206);
    expect(await used(alice)).toBe(bytes.length + 100);

    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    const refused = await t.app.inject({ url: link }); // 30 MiB + 100 used, 15 MiB more does not fit in 40
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("traffic_not_enough");
    expect(refused.headers["content-disposition"]).toBeUndefined();
    expect(await used(alice)).toBe(2 * bytes.length + 100);
    expect((await traffic.quota(alice.id)).assets).toBe(String(LIMIT - 2 * bytes.length - 100));
    // What is left still serves smaller ranges.
    expect((await t.app.inject({ url: link, headers: { range: "bytes=0-1023" } })).statusCode).toBe(206);
  });

  it("counts only what was sent when a client aborts", async () => {
    const bob = await signUp(t.app);
    const bytes = randomBytes(30 * 1024 * 1024);
    const link = pathOf((await uploadFile(t.app, bob, "movie.bin", bytes)).web_content_link);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: link }, (res) => {
        let received = 0;
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1024 * 1024) {
            req.destroy();
            resolve();
          }
        });
      });
      req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
      req.end();
    });
    let usage = 0;
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 20));
      usage = await used(bob);
      if (usage < bytes.length) break;
    }
    expect(usage).toBeGreaterThanOrEqual(1024 * 1024);
    expect(usage).toBeLessThan(bytes.length);
  });

  it("cuts the response when the stored bytes fail midway, charging what was sent; the node keeps serving", async (ctx) => {
    // The blob is cut on disk: the local store only (the S3 pass keeps its blobs in the bucket).
    if (t.config.blobs.kind !== "local") ctx.skip();
    const carol = await signUp(t.app);
    const bytes = randomBytes(6 * 1024 * 1024);
    const uploaded = await uploadFile(t.app, carol, "cut.bin", bytes);
    const link = pathOf(uploaded.web_content_link);
    const blobFile = new LocalBlobStore(path.join(t.config.dataDir, "blobs")).pathOf(uploaded.hash);
    // The blob loses its tail on disk: the first chunks read, the next read finds the end.
    await truncate(blobFile, 3 * 1024 * 1024);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const outcome = await new Promise<{ received: number; aborted: boolean }>((resolve) => {
      const req = request({ host: "127.0.0.1", port, path: link }, (res) => {
        let received = 0;
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
        });
        res.on("close", () => resolve({ received, aborted: !res.complete }));
      });
      req.on("error", () => resolve({ received: -1, aborted: true }));
      req.end();
    });
    expect(outcome.aborted).toBe(true);
    expect(outcome.received).toBeLessThan(bytes.length);
    // The whole file is reserved first, then settled to what reached the socket.
    let usage = bytes.length;
    for (let i = 0; i < 50 && usage > 3 * 1024 * 1024; i++) {
      await new Promise((r) => setTimeout(r, 20));
      usage = await used(carol);
    }
    expect(usage).toBeGreaterThan(0);
    expect(usage).toBeLessThanOrEqual(3 * 1024 * 1024);
    // Gone entirely: nothing was sent, so the error is the API's error object and nothing is charged.
    await rm(blobFile);
    const missing = await t.app.inject({ url: link });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: "not_found" });
    expect(missing.json()).toHaveProperty("error_code");
    expect(await used(carol)).toBe(usage);
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(200);
  });

  it("streams a folder and files as one zip with ZIP-readable contents and an exact length", async () => {
    const carol = await signUp(t.app);
    const folder = await createFolder(t.app, carol, "Trip");
    const inner = await createFolder(t.app, carol, "Day 1", folder.id);
    const photo = randomBytes(300_000);
    await uploadFile(t.app, carol, "photo.jpg", photo, inner.id);
    await uploadFile(t.app, carol, "notes é.txt", Buffer.from("notes"), folder.id);
    await createFolder(t.app, carol, "Empty", folder.id);
    const loose = await uploadFile(t.app, carol, "loose.txt", Buffer.from("loose"));

    const created = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:download",
      headers: carol.auth,
      payload: { ids: [folder.id, loose.id] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const zipLink = created.json();
    expect(zipLink).toMatchObject({ kind: "drive#zipLink", name: expect.stringMatching(/^Nimbus .*\.zip$/) });

    const head = await t.app.inject({ method: "HEAD", url: pathOf(zipLink.url) });
    const response = await t.app.inject({ url: pathOf(zipLink.url) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(head.headers["content-length"]).toBe(String(response.rawPayload.length));
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="Nimbus .*\.zip"/);
    const file = path.join(dir, "trip.zip");
    await writeFile(file, response.rawPayload);
    const names = execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n");
    expect(names).toEqual([
      "Trip/",
      "Trip/Day 1/",
      "Trip/Day 1/photo.jpg",
      "Trip/Empty/",
      "Trip/notes é.txt",
      "loose.txt",
    ]);
    expect(execFileSync("unzip", ["-p", file, "Trip/Day 1/photo.jpg"]).equals(photo)).toBe(true);
    expect(execFileSync("7zz", ["t", file]).toString()).toMatch(/Everything is Ok/);
    expect(await used(carol)).toBe(response.rawPayload.length);

    const single = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:download",
      headers: carol.auth,
      payload: { ids: [folder.id] },
    });
    expect(single.json().name).toBe("Trip.zip");
  });

  // Forty uploads and, on S3, forty object reads: a budget beyond the default.
  it("zips a selection of many loose files (long id lists travel in the query)", {
    timeout: 90_000,
  }, async () => {
    const frank = await signUp(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await uploadFile(t.app, frank, `f${i}.txt`, Buffer.from(`${i}`))).id);
    const created = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:download",
      headers: frank.auth,
      payload: { ids },
    });
    const response = await t.app.inject({ url: pathOf(created.json().url) });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const file = path.join(dir, "many.zip");
    await writeFile(file, response.rawPayload);
    expect(execFileSync("unzip", ["-Z1", file]).toString().trim().split("\n")).toHaveLength(40);
  });

  it("refuses a zip of someone else's files and a tampered zip link", async () => {
    const dave = await signUp(t.app);
    const erin = await signUp(t.app);
    const theirs = await uploadFile(t.app, erin, "private.txt", Buffer.from("secret"));
    const refused = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:download",
      headers: dave.auth,
      payload: { ids: [theirs.id] },
    });
    expect(refused.json().error).toBe("file_not_found");
    const mine = await uploadFile(t.app, dave, "mine.txt", Buffer.from("mine"));
    const link = (
      await t.app.inject({
        method: "POST",
        url: "/drive/v1/files:download",
        headers: dave.auth,
        payload: { ids: [mine.id] },
      })
    ).json().url as string;
    const forged = pathOf(link).replace(mine.id, `${mine.id},${theirs.id}`);
    expect((await t.app.inject({ url: forged })).json().error).toBe("link_expired");
  });
});
