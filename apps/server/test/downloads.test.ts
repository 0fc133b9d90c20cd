import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathOf, uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

describe("downloads: ranges, validators, inline policy", () => {
  let t: TestApp;
  let alice: TestUser;
  const bytes = randomBytes(100_000);
  let link: string;
  let etag: string;
  let lastModified: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    const file = await uploadFile(t.app, alice, "report ü 100%.txt", bytes);
    link = pathOf(file.web_content_link);
    const head = await t.app.inject({ method: "HEAD", url: link });
    etag = String(head.headers.etag);
    lastModified = String(head.headers["last-modified"]);
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}, url = link) => t.app.inject({ url, headers });

  it("serves the whole file with validators, a safe type and RFC 6266 names", async () => {
    const full = await get();
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(bytes)).toBe(true);
    expect(full.headers).toMatchObject({
      "accept-ranges": "bytes",
      etag: expect.stringMatching(/^"[0-9A-F]{40}"$/),
      "content-length": String(bytes.length),
      "x-content-type-options": "nosniff",
      "content-security-policy": "sandbox; default-src 'none'",
    });
    expect(full.headers["last-modified"]).toBe(lastModified);
    expect(full.headers["content-disposition"]).toBe(
      `attachment; filename="report _ 100_.txt"; filename*=UTF-8''report%20%C3%BC%20100%25.txt`,
    );
  });

  it("answers HEAD with the headers and no body", async () => {
    const head = await t.app.inject({ method: "HEAD", url: link });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));
    expect(head.body).toBe("");
  });

  it("serves single ranges: closed, open-ended and suffix", async () => {
    const closed = await get({ range: "bytes=10-19" });
    expect(closed.statusCode).toBe(206);
    expect(closed.headers["content-range"]).toBe(`bytes 10-19/${bytes.length}`);
    expect(closed.headers["content-length"]).toBe("10");
    expect(closed.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
    const open = await get({ range: "bytes=99990-" });
    expect(open.rawPayload.equals(bytes.subarray(99_990))).toBe(true);
    const suffix = await get({ range: "bytes=-5" });
    expect(suffix.headers["content-range"]).toBe(`bytes 99995-99999/${bytes.length}`);
    const clamped = await get({ range: "bytes=99998-200000" });
    expect(clamped.headers["content-range"]).toBe(`bytes 99998-99999/${bytes.length}`);
  });

  it("answers 416 with bytes */size for impossible ranges, and ignores malformed ones", async () => {
    for (const range of [`bytes=${bytes.length}-`, "bytes=-0", "bytes=200000-300000"]) {
      const response = await get({ range });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers["content-range"]).toBe(`bytes */${bytes.length}`);
      expect(response.json().error).toBe("range_not_satisfiable");
    }
    expect((await get({ range: "bytes=0-1,5-6" })).statusCode).toBe(200);
    expect((await get({ range: "items=0-1" })).statusCode).toBe(200);
  });

  it("answers 304 to a matching If-None-Match or a fresh If-Modified-Since", async () => {
    expect((await get({ "if-none-match": etag })).statusCode).toBe(304);
    expect((await get({ "if-none-match": `"other", ${etag}` })).statusCode).toBe(304);
    expect((await get({ "if-none-match": "*" })).statusCode).toBe(304);
    expect((await get({ "if-none-match": '"other"' })).statusCode).toBe(200);
    expect((await get({ "if-modified-since": lastModified })).statusCode).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await get({ "if-modified-since": earlier })).statusCode).toBe(200);
    // If-None-Match wins over If-Modified-Since.
    expect((await get({ "if-none-match": '"other"', "if-modified-since": lastModified })).statusCode).toBe(
      200,
    );
  });

  it("answers 412 when If-Match or If-Unmodified-Since does not hold, and serves when they do (RFC 9110)", async () => {
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    const refusals: Record<string, string>[] = [
      { "if-match": '"other"' },
      { "if-match": `W/${etag}` }, // If-Match compares strongly
      { "if-unmodified-since": earlier },
      { "if-match": '"other"', "if-unmodified-since": later }, // If-Match decides
      { "if-match": '"other"', range: "bytes=0-9" },
    ];
    for (const headers of refusals) {
      const refused = await get(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(412);
      expect(refused.json().error).toBe("precondition_failed");
    }
    // 412 is decided before 304: a failing If-Match with a matching If-None-Match is still 412.
    expect((await get({ "if-match": '"other"', "if-none-match": etag })).statusCode).toBe(412);
    const passes: Record<string, string>[] = [
      { "if-match": etag },
      { "if-match": `"other", ${etag}` },
      { "if-match": "*" },
      { "if-unmodified-since": lastModified },
      { "if-unmodified-since": later },
      { "if-unmodified-since": "not a date" },
      { "if-match": etag, "if-unmodified-since": earlier },
    ];
    for (const headers of passes) {
      const served = await get(headers);
      expect(served.statusCode, JSON.stringify(headers)).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    const ranged = await get({ "if-match": etag, range: "bytes=5-9" });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(5, 10))).toBe(true);
  });

  it("honours If-Range only when the validator still matches", async () => {
    const same = await get({ range: "bytes=0-9", "if-range": etag });
    expect(same.statusCode).toBe(206);
    const byDate = await get({ range: "bytes=0-9", "if-range": lastModified });
    expect(byDate.statusCode).toBe(206);
    const changed = await get({ range: "bytes=0-9", "if-range": '"0000"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.length).toBe(bytes.length);
    const weak = await get({ range: "bytes=0-9", "if-range": `W/${etag}` });
    expect(weak.statusCode).toBe(200);
  });

  it("shows text, PDF, images, audio and video inline only when asked", async () => {
    const cases: [string, string, string][] = [
      ["a.txt", "inline", "text/plain; charset=utf-8"],
      ["a.pdf", "inline", "application/pdf"],
      ["a.png", "inline", "image/png"],
      ["a.mp3", "inline", "audio/mpeg"],
      ["a.mp4", "inline", "video/mp4"],
    ];
    for (const [name, disposition, type] of cases) {
      const file = await uploadFile(t.app, alice, name, Buffer.from("x"));
      const inline = await get({}, `${pathOf(file.web_content_link)}&disposition=inline`);
      expect(inline.headers["content-disposition"], name).toMatch(new RegExp(`^${disposition};`));
      expect(inline.headers["content-type"], name).toBe(type);
      expect(inline.headers["content-security-policy"]).toBe("sandbox; default-src 'none'");
      const plain = await get({}, pathOf(file.web_content_link));
      expect(plain.headers["content-disposition"], name).toMatch(/^attachment;/);
    }
  });

  it("always sends HTML, SVG, XML and unknown types as attachments, never under their own type", async () => {
    for (const name of ["page.html", "logo.svg", "feed.xml", "app.js", "blob.unknownext"]) {
      const file = await uploadFile(t.app, alice, name, Buffer.from("<script>alert(1)</script>"));
      const response = await get({}, `${pathOf(file.web_content_link)}&disposition=inline`);
      expect(response.headers["content-disposition"], name).toMatch(/^attachment;/);
      expect(response.headers["content-type"], name).toBe("application/octet-stream");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("refuses a link whose user, file or expiry was changed", async () => {
    const url = new URL(link, "http://x");
    const other = await signUp(t.app);
    url.searchParams.set("u", other.id);
    expect((await get({}, url.pathname + url.search)).json().error).toBe("link_expired");
  });
});
