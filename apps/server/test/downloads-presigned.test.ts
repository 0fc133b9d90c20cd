import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../src/lib/clock.js";
import { DownloadTraffic } from "../src/modules/downloads/download-traffic.js";
import { pathOf, uploadFile } from "./support/media-files.js";
import { type LocalS3, startS3rver } from "./support/s3rver.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

/** What a streamed download answers for this name: the same goes into the presigned URL. */
const DISPOSITION =
  "attachment; filename=\"report _ 100_.txt\"; filename*=UTF-8''report%20%C3%BC%20100%25.txt";

/** S3_PRESIGNED_DOWNLOADS: signed downloads answer 302 to the object, bytes bypass the node. */
describe("presigned downloads (S3)", () => {
  let s3: LocalS3;
  let t: TestApp;
  let alice: TestUser;
  let link: string;
  let traffic: DownloadTraffic;
  const bytes = randomBytes(50_000);
  const used = async () => Number((await traffic.quota(alice.id)).usage);

  beforeAll(async () => {
    s3 = await startS3rver();
    t = await createTestApp({
      env: {
        BLOB_STORE: "s3",
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
        S3_PRESIGNED_DOWNLOADS: "true",
        S3_PRESIGNED_EXPIRY_SECONDS: "120",
        FREE_DOWNLOAD_TRAFFIC_BYTES: "120000", // two whole downloads of the 50 kB file, not three
      },
    });
    traffic = new DownloadTraffic(t.database.db, systemClock, t.config);
    alice = await signUp(t.app);
    link = pathOf((await uploadFile(t.app, alice, "report ü 100%.txt", bytes)).web_content_link);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it("redirects to a short-lived presigned URL naming the file (RFC 5987) and its type", async () => {
    const answer = await t.app.inject({ url: link });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const location = new URL(String(answer.headers.location));
    expect(location.origin).toBe(new URL(s3.endpoint).origin);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("120");
    expect(location.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.get("response-content-disposition")).toBe(DISPOSITION);
    expect(location.searchParams.get("response-content-type")).toMatch(/^text\/plain/);

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    expect(fetched.headers.get("content-disposition")).toBe(DISPOSITION);
  });

  it("charges the whole file at the redirect, even for a range (the node never sees the bytes)", async () => {
    const before = await used();
    const answer = await t.app.inject({ url: link, headers: { range: "bytes=0-99" } });
    expect(answer.statusCode).toBe(302);
    expect((await used()) - before).toBe(bytes.length);
    // The client follows with its range; the object store answers it.
    const part = await fetch(String(answer.headers.location), { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
  });

  it("answers HEAD and a matching If-None-Match itself, free", async () => {
    const before = await used();
    const head = await t.app.inject({ method: "HEAD", url: link });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));
    const cached = await t.app.inject({ url: link, headers: { "if-none-match": String(head.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(await used()).toBe(before);
  });

  it("refuses the redirect when the traffic is spent, like a streamed download", async () => {
    expect(await used()).toBe(2 * bytes.length);
    const refused = await t.app.inject({ url: link });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("traffic_not_enough");
  });
});
