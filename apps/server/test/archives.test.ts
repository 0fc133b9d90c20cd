import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFolder, pathOf, uploadFile } from "./support/media-files.js";
import { makeRar } from "./support/rar-fixture.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { requireTools } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

requireTools("zip", "7zz");

const MiB = 1024 * 1024;

describe("archives: listing, limits, passwords and decompress tasks", () => {
  let t: TestApp;
  let alice: TestUser;
  let dir: string;
  const photo = randomBytes(50_000);

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ARCHIVE_MAX_ENTRIES: "50",
        ARCHIVE_MAX_DEPTH: "5",
        ARCHIVE_MAX_UNPACKED_BYTES: String(64 * MiB),
      },
    });
    alice = await signUp(t.app);
    dir = await mkdtemp(path.join(tmpdir(), "nimbus-archives-"));
    const tree = path.join(dir, "tree");
    await mkdir(path.join(tree, "docs/deep"), { recursive: true });
    await mkdir(path.join(tree, "empty"), { recursive: true });
    await writeFile(path.join(tree, "readme.txt"), "hello archive");
    await writeFile(path.join(tree, "docs/deep/photo.jpg"), photo);
    await writeFile(path.join(tree, "docs/ünïcode.txt"), "ü");
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Runs a CLI in the fixture tree and uploads what it wrote. */
  async function archive(name: string, command: string, args: string[]) {
    execFileSync(command, args, { cwd: path.join(dir, "tree") });
    return uploadFile(t.app, alice, name, await readFile(path.join(dir, name)));
  }

  const list = (payload: object) =>
    t.app.inject({ method: "POST", url: "/decompress/v1/list", headers: alice.auth, payload });

  it("lists a zip: names, sizes, nested paths and folders; `path` narrows to one folder", async () => {
    const zip = await archive("tree.zip", "zip", ["-qr", "../tree.zip", "."]);
    const response = await list({ file_id: zip.id });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      kind: "drive#archive",
      format: "zip",
      password_protected: false,
      entry_count: 6,
    });
    expect(body.entries.map((e: { path: string; is_dir: boolean }) => [e.path, e.is_dir])).toEqual([
      ["docs", true],
      ["docs/deep", true],
      ["docs/deep/photo.jpg", false],
      ["docs/ünïcode.txt", false],
      ["empty", true],
      ["readme.txt", false],
    ]);
    expect(body.entries[2]).toMatchObject({ name: "photo.jpg", parent_path: "docs/deep", size: "50000" });
    const docs = (await list({ file_id: zip.id, path: "docs" })).json();
    expect(docs.entries.map((e: { name: string }) => e.name)).toEqual(["deep", "ünïcode.txt"]);
  });

  it("lists 7z and rar archives", async () => {
    const sevenZip = await archive("tree.7z", "7zz", ["a", "-bd", "../tree.7z", "."]);
    const seven = (await list({ file_id: sevenZip.id })).json();
    expect(seven).toMatchObject({ format: "7z", entry_count: 6, total_size: String(50_000 + 13 + 2) });
    const rar = await uploadFile(
      t.app,
      alice,
      "old.rar",
      makeRar([
        { path: "folder", dir: true },
        { path: "folder/a.txt", data: Buffer.from("rar a") },
        { path: "locked.bin", data: randomBytes(16), encrypted: true },
      ]),
    );
    const listed = (await list({ file_id: rar.id })).json();
    expect(listed).toMatchObject({ format: "rar", password_protected: true });
    expect(listed.entries.map((e: { path: string; encrypted: boolean }) => [e.path, e.encrypted])).toEqual([
      ["folder", false],
      ["folder/a.txt", false],
      ["locked.bin", true],
    ]);
  });

  it("flags password protection and tells a wrong password from a right one", async () => {
    const zip = await archive("locked.zip", "zip", [
      "-qr",
      "-P",
      "s3cret",
      "../locked.zip",
      "readme.txt",
      "docs",
    ]);
    const open = (await list({ file_id: zip.id })).json();
    expect(open.password_protected).toBe(true);
    expect(open.entries.find((e: { path: string }) => e.path === "readme.txt").encrypted).toBe(true);
    expect((await list({ file_id: zip.id, password: "wrong" })).json().error).toBe(
      "archive_password_invalid",
    );
    expect((await list({ file_id: zip.id, password: "s3cret" })).statusCode).toBe(200);

    const hidden = await archive("hidden.7z", "7zz", [
      "a",
      "-bd",
      "-mhe=on",
      "-ps3cret",
      "../hidden.7z",
      ".",
    ]);
    const needed = await list({ file_id: hidden.id });
    expect(needed.statusCode).toBe(400);
    expect(needed.json().error).toBe("archive_password_required");
    expect((await list({ file_id: hidden.id, password: "nope" })).json().error).toBe(
      "archive_password_invalid",
    );
    const shown = (await list({ file_id: hidden.id, password: "s3cret" })).json();
    expect(shown).toMatchObject({ password_protected: true, entry_count: 6 });
  });

  it("refuses bombs: too many entries, too large, a suspicious ratio, too deep", async () => {
    const bombs = path.join(dir, "bombs");
    await mkdir(path.join(bombs, "many"), { recursive: true });
    for (let i = 0; i < 60; i++) await writeFile(path.join(bombs, "many", `f${i}.txt`), `${i}`);
    await writeFile(path.join(bombs, "zeros.bin"), Buffer.alloc(20 * MiB));
    await writeFile(path.join(bombs, "huge.bin"), Buffer.alloc(70 * MiB));
    await mkdir(path.join(bombs, "a/b/c/d/e/f/g"), { recursive: true });
    await writeFile(path.join(bombs, "a/b/c/d/e/f/g/deep.txt"), "deep");
    const cases: [string, string[], string][] = [
      ["many.zip", ["many"], "archive_too_many_entries"],
      ["huge.zip", ["huge.bin"], "archive_too_large"],
      ["zeros.zip", ["zeros.bin"], "archive_ratio_suspicious"],
      ["deep.zip", ["a"], "archive_too_deep"],
    ];
    for (const [name, inputs, error] of cases) {
      execFileSync("zip", ["-qr", `../${name}`, ...inputs], { cwd: bombs });
      const file = await uploadFile(t.app, alice, name, await readFile(path.join(dir, name)));
      const response = await list({ file_id: file.id });
      expect(response.statusCode, name).toBe(413);
      expect(response.json().error, name).toBe(error);
    }
  });

  it("refuses what is not a zip, 7z or rar (epub included) and others' files", async () => {
    const fake = await uploadFile(t.app, alice, "fake.zip", Buffer.from("just text"));
    expect((await list({ file_id: fake.id })).json().error).toBe("archive_unsupported");
    const epub = await archive("book.epub", "zip", ["-qr", "../book.epub", "readme.txt"]);
    expect((await list({ file_id: epub.id })).json().error).toBe("archive_unsupported");
    const bob = await signUp(t.app);
    const theirs = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/list",
      headers: bob.auth,
      payload: { file_id: fake.id },
    });
    expect(theirs.json().error).toBe("file_not_found");
  });

  async function decompress(payload: object) {
    const response = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/decompress",
      headers: alice.auth,
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { task } = response.json();
    expect(task).toMatchObject({ kind: "drive#task", type: "decompress" });
    await t.jobs.drain();
    return (await t.app.inject({ url: `/drive/v1/tasks/${task.id}`, headers: alice.auth })).json();
  }

  async function children(parentId: string) {
    const response = await t.app.inject({
      url: `/drive/v1/files?parent_id=${parentId}`,
      headers: alice.auth,
    });
    return response.json().files as { id: string; name: string; kind: string; web_content_link: string }[];
  }

  it("extracts a zip into a folder as a task, charging storage; files download intact", async () => {
    const zip = await archive("extract.zip", "zip", ["-qr", "../extract.zip", "."]);
    const target = await createFolder(t.app, alice, "Unpacked");
    const before = (await t.app.inject({ url: "/drive/v1/about", headers: alice.auth })).json().quota.usage;
    const task = await decompress({ file_id: zip.id, to_parent_id: target.id });
    expect(task).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", progress: 100 });
    const top = await children(target.id);
    expect(top.map((f) => f.name).sort()).toEqual(["docs", "empty", "readme.txt"]);
    const docs = top.find((f) => f.name === "docs");
    const deep = (await children(docs?.id ?? "")).find((f) => f.name === "deep");
    const [extracted] = await children(deep?.id ?? "");
    expect(extracted?.name).toBe("photo.jpg");
    const bytes = await t.app.inject({ url: pathOf(extracted?.web_content_link ?? "") });
    expect(bytes.rawPayload.equals(photo)).toBe(true);
    const after = (await t.app.inject({ url: "/drive/v1/about", headers: alice.auth })).json().quota.usage;
    expect(Number(after) - Number(before)).toBe(50_000 + 13 + 2);

    // Again into the same folder: names are taken, so they get numbered.
    const again = await decompress({ file_id: zip.id, to_parent_id: target.id, files: ["readme.txt"] });
    expect(again.phase).toBe("PHASE_TYPE_COMPLETE");
    expect((await children(target.id)).map((f) => f.name).sort()).toEqual([
      "docs",
      "empty",
      "readme (1).txt",
      "readme.txt",
    ]);
  });

  it("extracts password-protected zips with the right password and rar archives", async () => {
    const zip = await archive("secret.zip", "zip", ["-qr", "-P", "s3cret", "../secret.zip", "readme.txt"]);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/decompress/v1/decompress",
      headers: alice.auth,
      payload: { file_id: zip.id, password: "wrong" },
    });
    expect(wrong.json().error).toBe("archive_password_invalid");
    const target = await createFolder(t.app, alice, "Secret");
    const done = await decompress({ file_id: zip.id, password: "s3cret", to_parent_id: target.id });
    expect(done.phase).toBe("PHASE_TYPE_COMPLETE");
    const [readme] = await children(target.id);
    expect((await t.app.inject({ url: pathOf(readme?.web_content_link ?? "") })).body).toBe("hello archive");

    const rar = await uploadFile(
      t.app,
      alice,
      "plain.rar",
      makeRar([
        { path: "folder", dir: true },
        { path: "folder/a.txt", data: Buffer.from("rar a") },
      ]),
    );
    const rarTarget = await createFolder(t.app, alice, "FromRar");
    expect((await decompress({ file_id: rar.id, to_parent_id: rarTarget.id })).phase).toBe(
      "PHASE_TYPE_COMPLETE",
    );
    const [folder] = await children(rarTarget.id);
    const [a] = await children(folder?.id ?? "");
    expect((await t.app.inject({ url: pathOf(a?.web_content_link ?? "") })).body).toBe("rar a");
  });
});
