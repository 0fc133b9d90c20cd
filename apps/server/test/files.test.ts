import { createHash, randomBytes } from "node:crypto";
import { GcidHasher } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha1Factory } from "../src/blobs/blob-store.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

function gcid(bytes: Buffer): string {
  const hasher = new GcidHasher(bytes.length, sha1Factory);
  hasher.update(bytes);
  return hasher.digest();
}

describe("drive files: folders, form uploads, listing and downloads", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { FREE_STORAGE_BYTES: String(1024 * 1024) } });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  async function createFolder(user: TestUser, name: string, parentId = "") {
    const response = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: user.auth,
      payload: { kind: "drive#folder", name, parent_id: parentId },
    });
    return response;
  }

  async function upload(user: TestUser, name: string, bytes: Buffer, parentId = "") {
    const created = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: user.auth,
      payload: {
        kind: "drive#file",
        name,
        parent_id: parentId,
        size: String(bytes.length),
        upload_type: "UPLOAD_TYPE_FORM",
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { form, file } = created.json();
    const put = await t.app.inject({
      method: "PUT",
      url: new URL(form.url).pathname,
      headers: { ...user.auth, "content-type": "application/octet-stream" },
      payload: bytes,
    });
    return { pending: file, put };
  }

  it("creates folders and auto-renames a taken name", async () => {
    const first = await createFolder(alice, "Photos");
    expect(first.statusCode).toBe(200);
    expect(first.json().file).toMatchObject({
      kind: "drive#folder",
      name: "Photos",
      parent_id: "",
      phase: "PHASE_TYPE_COMPLETE",
    });
    expect((await createFolder(alice, "Photos")).json().file.name).toBe("Photos (1)");
    expect((await createFolder(alice, "Photos")).json().file.name).toBe("Photos (2)");
    // Another user's drive is separate: no conflict.
    expect((await createFolder(bob, "Photos")).json().file.name).toBe("Photos");
  });

  it("rejects invalid names with file_name_invalid", async () => {
    for (const name of ["", "  ", "a/b", "a\\b", "nul\u0000", ".", "..", "x".repeat(256), " lead"]) {
      const response = await createFolder(alice, name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().error).toBe("file_name_invalid");
    }
  });

  it("uploads a small file, computes its GCID and downloads the same bytes", async () => {
    const bytes = randomBytes(70_000);
    const { pending, put } = await upload(alice, "notes.txt", bytes);
    expect(pending.phase).toBe("PHASE_TYPE_PENDING");
    expect(put.statusCode, put.body).toBe(200);
    const file = put.json();
    expect(file).toMatchObject({
      name: "notes.txt",
      size: String(bytes.length),
      hash: gcid(bytes),
      phase: "PHASE_TYPE_COMPLETE",
      mime_type: "text/plain",
    });

    const fetched = (await t.app.inject({ url: `/drive/v1/files/${file.id}`, headers: alice.auth })).json();
    expect(fetched.web_content_link).toMatch(/^http:\/\/nimbus\.test\/drive\/v1\/download\//);
    expect(fetched.links["application/octet-stream"].url).toBe(fetched.web_content_link);

    const link = new URL(fetched.web_content_link);
    const full = await t.app.inject({ url: link.pathname + link.search }); // no token: the link is the proof
    expect(full.statusCode).toBe(200);
    expect(full.rawPayload.equals(bytes)).toBe(true);
    expect(full.headers["content-disposition"]).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
    expect(full.headers.etag).toBe(`"${gcid(bytes)}"`);

    const partial = await t.app.inject({
      url: link.pathname + link.search,
      headers: { range: "bytes=100-199" },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers["content-range"]).toBe(`bytes 100-199/${bytes.length}`);
    expect(partial.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const suffix = await t.app.inject({ url: link.pathname + link.search, headers: { range: "bytes=-10" } });
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);

    const beyond = await t.app.inject({
      url: link.pathname + link.search,
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${bytes.length}`);
    expect(beyond.json().error).toBe("range_not_satisfiable");

    const head = await t.app.inject({ method: "HEAD", url: link.pathname + link.search });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(bytes.length));

    const cached = await t.app.inject({
      url: link.pathname + link.search,
      headers: { "if-none-match": `"${gcid(bytes)}"` },
    });
    expect(cached.statusCode).toBe(304);

    const about = (await t.app.inject({ url: "/drive/v1/about", headers: alice.auth })).json();
    expect(about.quota.usage).toBe(String(bytes.length));
  });

  it("refuses a tampered or expired download link", async () => {
    const { put } = await upload(alice, "secret.bin", randomBytes(10));
    const link = new URL(put.json().web_content_link);
    const sig = link.searchParams.get("sig") ?? "";
    const forged = `${link.pathname}?expires=${Number(link.searchParams.get("expires")) + 1000}&sig=${sig}`;
    expect((await t.app.inject({ url: forged })).json().error).toBe("link_expired");
    expect((await t.app.inject({ url: link.pathname })).statusCode).toBe(403);
  });

  it("keeps two uploads of the same bytes in one blob", async () => {
    const bytes = randomBytes(5000);
    const a = (await upload(alice, "same.bin", bytes)).put.json();
    const b = (await upload(bob, "same.bin", bytes)).put.json();
    expect(a.hash).toBe(b.hash);
    const blob = await t.database.db
      .selectFrom("blobs")
      .selectAll()
      .where("gcid", "=", a.hash)
      .executeTakeFirstOrThrow();
    expect(blob).toMatchObject({
      ref_count: 2,
      size: 5000,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
  });

  it("refuses a body whose size differs from the declared size, and keeps the file pending", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: alice.auth,
      payload: { kind: "drive#file", name: "short.bin", size: 100 },
    });
    const { form, file } = created.json();
    const put = await t.app.inject({
      method: "PUT",
      url: new URL(form.url).pathname,
      headers: alice.auth,
      payload: randomBytes(99),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error).toBe("file_size_mismatch");
    expect(
      (await t.app.inject({ url: `/drive/v1/files/${file.id}`, headers: alice.auth })).json().phase,
    ).toBe("PHASE_TYPE_PENDING");
  });

  it("refuses an upload whose declared hash differs from its bytes", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: alice.auth,
      payload: { kind: "drive#file", name: "liar.bin", size: 3 },
    });
    const put = await t.app.inject({
      method: "PUT",
      url: new URL(created.json().form.url).pathname,
      headers: { ...alice.auth, "x-upload-hash": "0".repeat(40) },
      payload: Buffer.from("abc"),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error).toBe("file_hash_mismatch");
  });

  it("refuses an upload over the storage limit with file_space_not_enough", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: bob.auth,
      payload: { kind: "drive#file", name: "huge.bin", size: 2 * 1024 * 1024 },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "file_space_not_enough", error_code: 8 });
  });

  it("pages through a folder with limit and page_token, stable while the folder changes", async () => {
    const folder = (await createFolder(alice, "Paged")).json().file;
    for (const name of ["e", "a", "d", "b", "c"]) await createFolder(alice, name, folder.id);
    const names: string[] = [];
    let token = "";
    let pages = 0;
    do {
      const response = await t.app.inject({
        url: `/drive/v1/files?parent_id=${folder.id}&order=NAME_ASC&limit=2${token ? `&page_token=${token}` : ""}`,
        headers: alice.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.kind).toBe("drive#fileList");
      names.push(...page.files.map((f: { name: string }) => f.name));
      token = page.next_page_token;
      if (pages++ === 0) await createFolder(alice, "0-before-cursor", folder.id); // must not shift later pages
    } while (token);
    expect(names).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("rejects a malformed page_token, filters or limit", async () => {
    for (const query of [
      "page_token=%%%",
      "page_token=bm90IGpzb24",
      'filters={"trashed":',
      'filters={"size":{"eq":1}}',
      "limit=0",
      "limit=abc",
    ]) {
      const response = await t.app.inject({ url: `/drive/v1/files?${query}`, headers: alice.auth });
      expect(response.statusCode, query).toBe(400);
      expect(["invalid_page_token", "invalid_filters", "invalid_argument"]).toContain(response.json().error);
    }
  });

  it("answers file_not_found for another user's ids, never the file", async () => {
    const secret = (await createFolder(alice, "Private")).json().file;
    const asBob = await t.app.inject({ url: `/drive/v1/files/${secret.id}`, headers: bob.auth });
    expect(asBob.statusCode).toBe(404);
    expect(asBob.json()).toMatchObject({ error: "file_not_found", error_code: 5 });
    expect(asBob.body).not.toContain("Private");
    const list = await t.app.inject({ url: `/drive/v1/files?parent_id=${secret.id}`, headers: bob.auth });
    expect(list.json().error).toBe("file_not_found");
    const into = await createFolder(bob, "sneaky", secret.id);
    expect(into.json().error).toBe("file_not_found");
    const missing = await t.app.inject({ url: "/drive/v1/files/does-not-exist", headers: bob.auth });
    expect(missing.json().error).toBe("file_not_found");
  });

  it("lists only the caller's root", async () => {
    const list = (await t.app.inject({ url: "/drive/v1/files", headers: bob.auth })).json();
    expect(list.files.every((f: { user_id: string }) => f.user_id === bob.id)).toBe(true);
  });
});
