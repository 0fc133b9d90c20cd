import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/lib/clock.js";
import { DownloadTraffic } from "../../src/modules/downloads/download-traffic.js";
import { driveClient } from "../support/drive.js";
import { pathOf } from "../support/media-files.js";
import { shareClient } from "../support/shares.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp, type TestUser } from "../support/users.js";

const SIZE = 1000;
let t: TestApp;
let traffic: DownloadTraffic;
let alice: TestUser;
let shareId: string;
let fileId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { SHARE_ANONYMOUS_TRAFFIC_BYTES: String(2 * SIZE + 500) } });
  traffic = new DownloadTraffic(t.database.db, systemClock, t.config);
  alice = await signUp(t.app);
  const file = await driveClient(t, alice).upload("film.bin", randomBytes(SIZE));
  fileId = file.id;
  shareId = (await shareClient(t, alice).create({ file_ids: [file.id] })).share_id;
});
afterAll(() => t.close());

const used = async (user: TestUser) => Number((await traffic.quota(user.id)).usage);

async function linkFor(visitor: TestUser | undefined, ip: string): Promise<string> {
  const info = await shareClient(t, visitor, ip).ok(
    "GET",
    `/drive/v1/share/file_info?share_id=${shareId}&file_id=${fileId}`,
  );
  return pathOf(info.file_info.web_content_link);
}

const fetchAs = (link: string, ip: string) => t.app.inject({ url: link, remoteAddress: ip });

describe("traffic through a share", () => {
  it("never charges the sharer for anonymous visitors, who get a per-address allowance", async () => {
    const ip = "203.0.113.10";
    const link = await linkFor(undefined, ip);
    expect((await fetchAs(link, ip)).statusCode).toBe(200);
    expect((await fetchAs(link, ip)).statusCode).toBe(200);
    expect(await used(alice)).toBe(0);
    const over = await fetchAs(link, ip);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: "traffic_not_enough" });
    // Another address has its own allowance; the sharer still pays nothing.
    expect((await fetchAs(await linkFor(undefined, "203.0.113.11"), "203.0.113.11")).statusCode).toBe(200);
    expect(await used(alice)).toBe(0);
  });

  it("charges a signed-in visitor, not the sharer", async () => {
    const bob = await signUp(t.app);
    const link = await linkFor(bob, "203.0.113.20");
    expect((await fetchAs(link, "203.0.113.20")).statusCode).toBe(200);
    expect(await used(bob)).toBe(SIZE);
    expect(await used(alice)).toBe(0);
  });
});
