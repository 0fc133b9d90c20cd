import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { DownloadTraffic } from "../src/modules/downloads/download-traffic.js";
import { createFolder, pathOf, uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

requireTools("wget", "unzip");

/** Resumable zips (decision 0066): a zip's bytes are fixed, so Range and `wget -c` work. */
describe("zip downloads resume", () => {
  let t: TestApp;
  let carol: TestUser;
  let traffic: DownloadTraffic;
  let dir: string;
  let link: string;
  let whole: Buffer;
  const photo = randomBytes(700_000);
  const used = async () => Number((await traffic.quota(carol.id)).usage);
  const crcsKept = async () =>
    (await t.database.db.selectFrom("blobs").select("crc32").where("crc32", "is not", null).execute()).length;

  beforeAll(async () => {
    t = await createTestApp();
    traffic = new DownloadTraffic(t.database.db, systemClock, t.config);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-zip-resume-"));
    carol = await signUp(t.app);
    const folder = await createFolder(t.app, carol, "Trip");
    await uploadFile(t.app, carol, "photo.jpg", photo, folder.id);
    await uploadFile(t.app, carol, "notes é.txt", Buffer.from("notes"), folder.id);
    await uploadFile(t.app, carol, "more.bin", randomBytes(300_000), folder.id);
    const created = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files:download",
      headers: carol.auth,
      payload: { ids: [folder.id] },
    });
    link = pathOf(created.json().url);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers a Content-Length equal to its bytes, an ETag, and ranges equal to the same bytes of the full zip", async () => {
    // No CRC is known before the first zip: a range over the central directory reads them.
    expect(await crcsKept()).toBe(0);
    const head = await t.app.inject({ method: "HEAD", url: link });
    const size = Number(head.headers["content-length"]);
    const etag = String(head.headers.etag);
    expect(head.headers["accept-ranges"]).toBe("bytes");
    expect(etag).toMatch(/^"zip-[\w-]{32}"$/);

    const tail = await t.app.inject({ url: link, headers: { range: "bytes=-3000" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers["content-range"]).toBe(`bytes ${size - 3000}-${size - 1}/${size}`);
    expect(await crcsKept()).toBe(3); // kept for the next zip holding these blobs

    const before = await used();
    const full = await t.app.inject({ url: link });
    expect(full.statusCode).toBe(200);
    whole = full.rawPayload;
    expect(Number(full.headers["content-length"])).toBe(whole.length);
    expect(whole.length).toBe(size);
    expect(full.headers.etag).toBe(etag);
    expect(await used()).toBe(before + size);
    expect(tail.rawPayload.equals(whole.subarray(size - 3000))).toBe(true);

    for (const [start, end] of [
      [0, 99],
      [5_000, 650_000],
      [699_990, 700_200],
      [size - 500_000, size - 1],
    ] as const) {
      const spent = await used();
      const part = await t.app.inject({
        url: link,
        headers: { range: `bytes=${start}-${end}`, "if-range": etag },
      });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.equals(whole.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      expect(await used()).toBe(spent + end - start + 1); // a range is charged its own length
    }
    const stale = await t.app.inject({ url: link, headers: { range: "bytes=0-9", "if-range": '"zip-old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);
    expect((await t.app.inject({ url: link, headers: { "if-none-match": etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ url: link, headers: { "if-match": '"zip-old"' } })).statusCode).toBe(412);
    const beyond = await t.app.inject({ url: link, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);

    const file = path.join(dir, "whole.zip");
    await writeFile(file, whole);
    expect(execFileSync("unzip", ["-p", file, "Trip/photo.jpg"]).equals(photo)).toBe(true);
  });

  it("resumes a cut download with wget -c to the same bytes", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const file = path.join(dir, "cut.zip");
    // The first 400,000 bytes arrived, then the connection was cut.
    await writeFile(file, whole.subarray(0, 400_000));
    // Asynchronously: this process serves the requests wget makes.
    const url = `http://127.0.0.1:${port}${link}`;
    const wget = await promisify(execFile)("wget", ["-c", "--tries=1", "--timeout=20", "-O", file, url]);
    // It asked for the rest only, and got 206.
    expect(wget.stderr).toMatch(/206 Partial Content/);
    expect((await readFile(file)).equals(whole)).toBe(true);
    expect(execFileSync("unzip", ["-tq", file]).toString()).toMatch(/No errors detected/);
  });
});
