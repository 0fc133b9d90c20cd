import { describe, expect, it } from "vitest";
import { DOWNLOAD_LINK_TTL_MS, DownloadLinks } from "./download-links.js";

const links = new DownloadLinks("s".repeat(32));
const now = Date.UTC(2025, 4, 1, 12, 7);
const USER1 = { userId: "USER1", generation: 3 };
const query = (path: string) => Object.fromEntries(new URL(path, "http://x").searchParams);

describe("DownloadLinks", () => {
  it("signs purpose, subject, holder and a rounded expiry; verify answers the holder", () => {
    const link = links.sign("FILE1", USER1, now);
    expect(link.path).toMatch(/^\/drive\/v1\/download\/FILE1\?u=USER1&g=3&expires=\d+&sig=[\w-]+$/);
    expect(link.expiresAt).toBeGreaterThanOrEqual(now + DOWNLOAD_LINK_TTL_MS);
    expect(link.expiresAt % (15 * 60 * 1000)).toBe(0);
    expect(links.sign("FILE1", USER1, now + 1000).path).toBe(link.path); // stable, so cacheable
    expect(links.verify("download", "FILE1", query(link.path), now)).toEqual(USER1);
  });

  it("refuses another purpose, subject, user, a forged expiry, an expired link, another key", () => {
    const q = query(links.signFor("thumbnail", "FILE1/SIZE_SMALL", USER1, now).path);
    const refused = (fn: () => unknown) =>
      expect(fn).toThrow(expect.objectContaining({ error: "link_expired" }));
    expect(links.verify("thumbnail", "FILE1/SIZE_SMALL", q, now)).toEqual(USER1);
    refused(() => links.verify("download", "FILE1/SIZE_SMALL", q, now));
    refused(() => links.verify("thumbnail", "FILE1/SIZE_LARGE", q, now));
    refused(() => links.verify("thumbnail", "FILE1/SIZE_SMALL", { ...q, u: "USER2" }, now));
    refused(() => links.verify("thumbnail", "FILE1/SIZE_SMALL", { ...q, g: "4" }, now));
    refused(() => links.verify("thumbnail", "FILE1/SIZE_SMALL", { ...q, s: "VNshare" }, now));
    refused(() =>
      links.verify("thumbnail", "FILE1/SIZE_SMALL", { ...q, expires: String(Number(q.expires) + 1) }, now),
    );
    refused(() => links.verify("thumbnail", "FILE1/SIZE_SMALL", q, Number(q.expires)));
    refused(() => new DownloadLinks("t".repeat(32)).verify("thumbnail", "FILE1/SIZE_SMALL", q, now));
    refused(() => links.verify("download", "FILE1", {}, now));
  });

  it("signs an anonymous share visitor's link by its share", () => {
    const holder = { userId: "", generation: 0, shareId: "VNabc" };
    const q = query(links.sign("FILE1", holder, now).path);
    expect(q).toMatchObject({ u: "", g: "0", s: "VNabc" });
    expect(links.verify("download", "FILE1", q, now)).toEqual(holder);
    expect(() => links.verify("download", "FILE1", { ...q, s: "" }, now)).toThrow();
  });

  it("remembers links without mixing up subjects and holders, and still makes them once forgotten", () => {
    const remembering = new DownloadLinks("s".repeat(32));
    const a = remembering.sign("1F", { userId: "U", generation: 0 }, now);
    const b = remembering.sign("F", { userId: "U1", generation: 0 }, now);
    const c = remembering.sign("F", { userId: "", generation: 0, shareId: "U1" }, now);
    expect(remembering.sign("1F", { userId: "U", generation: 0 }, now)).toBe(a);
    expect(new Set([a.path, b.path, c.path]).size).toBe(3);
    expect(remembering.verify("download", "1F", query(a.path), now)).toEqual({ userId: "U", generation: 0 });
    expect(remembering.verify("download", "F", query(b.path), now)).toEqual({ userId: "U1", generation: 0 });
    expect(remembering.signFor("thumbnail", "1F", { userId: "U", generation: 0 }, now).path).not.toBe(a.path);
    expect(remembering.sign("1F", { userId: "U", generation: 1 }, now).path).not.toBe(a.path);
    // Past both generations of the memo, a link is made again, the same.
    for (let i = 0; i < 20_000; i++) remembering.sign(`X${i}`, USER1, now);
    const again = remembering.sign("1F", { userId: "U", generation: 0 }, now);
    expect(again).not.toBe(a);
    expect(again).toEqual(a);
    expect(again).toEqual(links.sign("1F", { userId: "U", generation: 0 }, now));
    // Zip links (subjects of any length) are made each time.
    const zip = remembering.signFor("zip", "A,B", USER1, now);
    expect(remembering.signFor("zip", "A,B", USER1, now)).not.toBe(zip);
    expect(remembering.signFor("zip", "A,B", USER1, now)).toEqual(zip);
  });

  it("signs a path token for HLS that verifies for the same subject and holder only", () => {
    const holder = { userId: "USER1", generation: 3, shareId: "VNshare" };
    const link = links.signPath("hls", "FILE1/t720", holder, now);
    const match = link.path.match(/^\/drive\/v1\/hls\/FILE1\/t720\/([\w.-]+)\/$/);
    const token = match?.[1] ?? "";
    expect(token).not.toBe("");
    expect(links.verifyPath("hls", "FILE1/t720", token, now)).toEqual(holder);
    const refused = (fn: () => unknown) =>
      expect(fn).toThrow(expect.objectContaining({ error: "link_expired" }));
    refused(() => links.verifyPath("hls", "FILE1/t480", token, now));
    refused(() => links.verifyPath("download", "FILE1/t720", token, now));
    refused(() => links.verifyPath("hls", "FILE1/t720", token, link.expiresAt));
    refused(() => links.verifyPath("hls", "FILE1/t720", token.replace(".3.", ".4."), now));
    refused(() => links.verifyPath("hls", "FILE1/t720", "a.b", now));
    const anonymous = links.signPath("hls", "FILE1/r", { userId: "", generation: 0, shareId: "S" }, now);
    const anonToken = anonymous.path.split("/")[6] ?? "";
    expect(links.verifyPath("hls", "FILE1/r", anonToken, now)).toEqual({
      userId: "",
      generation: 0,
      shareId: "S",
    });
  });
});
