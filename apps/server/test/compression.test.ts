import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "./support/drive.js";
import { pathOf } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app);
  // Enough files that a listing is well over the compression threshold.
  const drive = driveClient(t, alice);
  for (let i = 0; i < 8; i++) await drive.folder(`Folder number ${i} with a long name`);
});
afterAll(() => t.close());

const listing = (acceptEncoding?: string) =>
  t.app.inject({
    url: "/drive/v1/files",
    headers: { ...alice.auth, ...(acceptEncoding !== undefined && { "accept-encoding": acceptEncoding }) },
  });

describe("compression of answers built in memory", () => {
  it("answers JSON in brotli or gzip as the client prefers, and says it varies", async () => {
    const plain = await listing();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const br = await listing("gzip, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await listing("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it("leaves small answers as they are", async () => {
    const health = await t.app.inject({ url: "/healthz", headers: { "accept-encoding": "br" } });
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  it("never compresses a file download, whole or ranged, even a text file", async () => {
    const text = Buffer.from(`${"compressible line of text\n".repeat(2000)}`);
    const file = await driveClient(t, alice).upload("notes.txt", text);
    const link = pathOf(file.web_content_link);
    const whole = await t.app.inject({ url: link, headers: { "accept-encoding": "br, gzip" } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.rawPayload.equals(text)).toBe(true);
    const ranged = await t.app.inject({
      url: link,
      headers: { "accept-encoding": "br, gzip", range: "bytes=10-99" },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers["content-encoding"]).toBeUndefined();
    expect(ranged.rawPayload.equals(text.subarray(10, 100))).toBe(true);
  });
});
