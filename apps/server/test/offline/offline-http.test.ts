import { stat } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grant } from "../../src/modules/membership/entitlements.js";
import { driveClient } from "../support/drive.js";
import { manualClock } from "../support/grants.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp, type TestUser } from "../support/users.js";
import { createOffline, type FileServer, startFileServer, storedBytes, waitForTask } from "./support.js";

describe("cloud download over HTTP (private addresses allowed)", () => {
  let t: TestApp;
  let server: FileServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startFileServer();
    t = await createTestApp({ env: { OFFLINE_ALLOW_PRIVATE: "true", OFFLINE_DAILY_TASKS_FREE: "0" } });
    alice = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it("follows two redirects, resumes with Range after a restart, and files identical bytes in My Downloads", async () => {
    const reached = server.hold(1024 * 1024);
    const created = await createOffline(driveClient(t, alice), { url: `${server.url}/r1` });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ upload_type: "UPLOAD_TYPE_URL", file: null });
    const task = created.body.task;
    expect(task).toMatchObject({ kind: "drive#task", type: "offline", phase: "PHASE_TYPE_PENDING" });
    expect(task.params.url).toBe(`${server.url}/r1`);

    await reached;
    const partial = path.join(t.config.offline.dir, task.id, "résumé.bin");
    for (let i = 0; i < 200 && ((await stat(partial).catch(() => undefined))?.size ?? 0) < 1024 * 1024; i++) {
      await sleep(25);
    }
    expect((await stat(partial)).size).toBe(1024 * 1024);
    t = await t.restart();
    server.release();
    const drive = driveClient(t, alice);

    const done = await waitForTask(drive, task.id);
    expect(done, JSON.stringify(done)).toMatchObject({
      phase: "PHASE_TYPE_COMPLETE",
      progress: 100,
      file_name: "résumé.bin",
      file_size: String(server.bytes.length),
    });
    expect(server.requests.filter((r) => r.path === "/r1").length).toBeGreaterThanOrEqual(2);
    expect(server.requests.some((r) => r.range === "bytes=1048576-" && r.ifRange === server.etag)).toBe(true);
    expect((await storedBytes(t, done.file_id)).equals(server.bytes)).toBe(true);

    const file = await drive.ok("GET", `/drive/v1/files/${done.file_id}`);
    const folder = await drive.ok("GET", `/drive/v1/files/${file.parent_id}`);
    expect(folder).toMatchObject({ kind: "drive#folder", name: "My Downloads", parent_id: "" });
    expect((await drive.about()).usage).toBe(server.bytes.length);
    // The temp folder is swept once the task completes.
    expect(await stat(path.join(t.config.offline.dir, task.id)).catch(() => undefined)).toBeUndefined();
  });

  it("completes the same URL (same ETag and length) for a second user at once, by reference", async () => {
    const bob = driveClient(t, await signUp(t.app));
    const before = server.requests.filter((r) => r.path === "/file.bin").length;
    const created = await createOffline(bob, { url: `${server.url}/file.bin` }, { name: "copy.bin" });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const done = await waitForTask(bob, created.body.task.id);
    expect(done).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", file_name: "copy.bin" });
    expect(done.params).toMatchObject({ instant: "true", downloaded_bytes: "0" });
    // One request for the headers only, none for the body again.
    expect(server.requests.filter((r) => r.path === "/file.bin").length).toBe(before + 1);
    expect((await storedBytes(t, done.file_id)).equals(server.bytes)).toBe(true);
    expect((await bob.about()).usage).toBe(server.bytes.length);
  });

  it("pauses, resumes, and deletes with delete_files (the result goes to the trash)", async () => {
    const drive = driveClient(t, alice);
    const reached = server.hold(512 * 1024);
    const created = await createOffline(
      drive,
      { url: `${server.url}/file.bin?again=1` },
      { name: "paused.bin" },
    );
    const id = created.body.task.id;
    await reached;
    const paused = await drive.ok("POST", "/drive/v1/task", { type: "offline", create_type: "PAUSE", id });
    expect(paused.task.phase).toBe("PHASE_TYPE_PAUSED");
    server.release();
    await sleep(200);
    expect((await drive.ok("GET", `/drive/v1/tasks/${id}`)).phase).toBe("PHASE_TYPE_PAUSED");
    const resumed = await drive.ok("POST", "/drive/v1/task", { type: "offline", create_type: "RESUME", id });
    expect(resumed.task.phase).toBe("PHASE_TYPE_PENDING");
    const done = await waitForTask(drive, id);
    expect(done.phase).toBe("PHASE_TYPE_COMPLETE");

    const list = await drive.ok(
      "GET",
      `/drive/v1/tasks?type=offline&filters=${encodeURIComponent('{"phase":{"in":"PHASE_TYPE_COMPLETE,PHASE_TYPE_ERROR"}}')}`,
    );
    expect(list.tasks.map((x: { id: string }) => x.id)).toContain(id);

    const deleted = await drive.ok("DELETE", `/drive/v1/tasks?task_ids=${id}&delete_files=true`);
    expect(deleted.deleted).toBe(1);
    const file = await drive.ok("GET", `/drive/v1/files/${done.file_id}`);
    expect(file.trashed).toBe(true);
  });

  it("retries a failed task", async () => {
    const drive = driveClient(t, alice);
    const created = await createOffline(drive, { url: `${server.url}/missing.bin` });
    const failed = await waitForTask(drive, created.body.task.id);
    expect(failed).toMatchObject({ phase: "PHASE_TYPE_ERROR", message: "offline_fetch_failed" });
    const retried = await drive.ok("POST", "/drive/v1/task", {
      type: "offline",
      create_type: "RETRY",
      id: failed.id,
    });
    expect(retried.task.phase).toBe("PHASE_TYPE_PENDING");
    expect((await waitForTask(drive, failed.id)).phase).toBe("PHASE_TYPE_ERROR");
  });

  it("marks a task to skip junk files while filterFilesWhenCreate is on and no files are picked", async () => {
    const bob = await signUp(t.app);
    const drive = driveClient(t, bob);
    const url = `${server.url}/missing.bin`;
    const on = await createOffline(drive, { url });
    expect(on.body.task.params.filter_junk).toBe("1");
    const picked = await createOffline(drive, { url, files: ["0"] });
    expect(picked.body.task.params.filter_junk).toBeUndefined();
    const patched = await t.app.inject({
      method: "PATCH",
      url: "/v1/user/settings",
      headers: bob.auth,
      payload: { filterFilesWhenCreate: false },
    });
    expect(patched.statusCode).toBe(200);
    const off = await createOffline(drive, { url });
    expect(off.body.task.params.filter_junk).toBeUndefined();
    for (const task of [on, picked, off]) await waitForTask(drive, task.body.task.id);
  });

  it("checks links with the URL checker", async () => {
    const drive = driveClient(t, alice);
    const answer = await drive.ok("POST", "/drive/v1/resource/list", {
      urls: `${server.url}/r1\ned2k://|file|x|1|ABC|/\n${server.url}/missing`,
    });
    expect(answer.resources).toHaveLength(3);
    expect(answer.resources[0]).toMatchObject({
      status: "ok",
      name: "résumé.bin",
      file_size: String(server.bytes.length),
      folder: false,
      mime_type: "application/octet-stream",
      files: [{ index: "0", path: "résumé.bin", size: String(server.bytes.length) }],
    });
    expect(answer.resources[1]).toMatchObject({
      status: "error",
      error: { error: "offline_link_unsupported" },
    });
    expect(answer.resources[2]).toMatchObject({ status: "error", error: { error: "offline_fetch_failed" } });
  });
});

describe("cloud download with the default settings", () => {
  let t: TestApp;
  let server: FileServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startFileServer(1024);
    t = await createTestApp({ env: { OFFLINE_DAILY_TASKS_FREE: "4" } });
    alice = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it("refuses loopback and private links at creation, spending none of the day's tasks", async () => {
    const drive = driveClient(t, alice);
    const port = new URL(server.url).port;
    const hosts = ["127.0.0.1", "localhost", "[::1]", "10.0.0.7", "169.254.169.254", "[::ffff:127.0.0.1]"];
    for (const host of hosts) {
      const created = await t.app.inject({
        method: "POST",
        url: "/drive/v1/files",
        headers: { ...alice.auth, "accept-language": "ja" },
        payload: {
          kind: "drive#file",
          upload_type: "UPLOAD_TYPE_URL",
          url: { url: `http://${host}:${port}/file.bin` },
        },
      });
      expect(created.statusCode, host).toBe(403);
      expect(created.json().error).toBe("offline_address_refused");
      // Localized: the caller asked for Japanese.
      expect(created.json().error_description).not.toBe("This link points to an address that isn't allowed");
    }
    const about = await drive.ok("GET", "/drive/v1/about");
    expect(about.quotas.offline.daily_tasks_used).toBe("0");
    expect(server.requests).toHaveLength(0);
    const checked = await drive.ok("POST", "/drive/v1/resource/list", { urls: `${server.url}/file.bin` });
    expect(checked.resources[0]).toMatchObject({
      status: "error",
      error: {
        error: "offline_address_refused",
        error_description: "This link points to an address that isn't allowed",
      },
    });
  });

  it("refuses ed2k links at creation with a localized error", async () => {
    const drive = driveClient(t, alice);
    const answer = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: { ...alice.auth, "accept-language": "ja" },
      payload: {
        kind: "drive#file",
        upload_type: "UPLOAD_TYPE_URL",
        url: { url: "ed2k://|file|a.iso|1|ABC|/" },
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: "offline_link_unsupported",
      error_description: "この種類のリンクはクラウドにダウンロードできません",
    });
    expect((await createOffline(drive, { url: "not a link" })).body.error).toBe("offline_link_invalid");
  });
});

describe("cloud download's daily task cap", () => {
  let t: TestApp;
  let server: FileServer;
  let alice: TestUser;
  // Caps count per UTC day: a fixed noon, so no run straddles midnight.
  const clock = manualClock(Date.UTC(2030, 2, 4, 12));
  const link = (n: string) => `${server.url}/file.bin?n=${n}`;

  beforeAll(async () => {
    server = await startFileServer(1024);
    t = await createTestApp({ clock, env: { OFFLINE_ALLOW_PRIVATE: "true", OFFLINE_DAILY_TASKS_FREE: "4" } });
    alice = await signUp(t.app);
  });
  // Closing has once taken over 30 s on Postgres + S3 (1 run in 6, 2026-11-29, not yet
  // explained): a fetch's 30 s header timeout may be what it waits for.
  afterAll(async () => {
    await t.close();
    await server.close();
  }, 90_000);

  it("answers task_daily_create_limit at the daily cap, and tells about over_free_task_limit", async () => {
    const drive = driveClient(t, alice);
    for (let i = 0; i < 4; i++) expect((await createOffline(drive, { url: link(`x${i}`) })).status).toBe(200);
    const refused = await createOffline(drive, { url: link("y") });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("task_daily_create_limit");
    const about = await drive.ok("GET", "/drive/v1/about");
    expect(about.over_free_task_limit).toBe(true);
    expect(about.quotas.offline).toMatchObject({ daily_tasks_used: "4", daily_tasks_limit: "4" });
  });

  it("adds a task cap pack's tasks to the daily cap, and only while it lasts", async () => {
    const bob = await signUp(t.app);
    const drive = driveClient(t, bob);
    for (let i = 0; i < 4; i++) expect((await createOffline(drive, { url: link(`${i}`) })).status).toBe(200);
    expect((await createOffline(drive, { url: link("over") })).body.error).toBe("task_daily_create_limit");
    await grant(t.database.db, {
      userId: bob.id,
      source: "purchase",
      sourceRef: `task-pack-${bob.id}`,
      offlineTasksPerDay: 2,
      validDays: 30,
      now: clock.now(),
    });
    let about = await drive.ok("GET", "/drive/v1/about");
    expect(about.over_free_task_limit).toBe(false);
    expect(about.quotas.offline).toMatchObject({ daily_tasks_used: "4", daily_tasks_limit: "6" });
    for (let i = 0; i < 2; i++)
      expect((await createOffline(drive, { url: link(`pack-${i}`) })).status).toBe(200);
    const refused = await createOffline(drive, { url: link("pack-over") });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("task_daily_create_limit");
    about = await drive.ok("GET", "/drive/v1/about");
    expect(about.over_free_task_limit).toBe(true);
    expect(about.quotas.offline).toMatchObject({ daily_tasks_used: "6", daily_tasks_limit: "6" });
  });

  it("does not count an expired task cap pack", async () => {
    const carol = await signUp(t.app);
    const drive = driveClient(t, carol);
    await grant(t.database.db, {
      userId: carol.id,
      source: "purchase",
      sourceRef: `task-pack-${carol.id}`,
      offlineTasksPerDay: 5,
      validDays: 1,
      now: clock.now() - 2 * 86_400_000,
    });
    const about = await drive.ok("GET", "/drive/v1/about");
    expect(about.quotas.offline).toMatchObject({ daily_tasks_limit: "4" });
  });

  it("names a new My Downloads in the language of the page that asked (issue 33)", async () => {
    // The account was made with no language (en-US); the page asking is Japanese.
    const bob = await signUp(t.app);
    const japanese = driveClient(t, {
      ...bob,
      auth: { ...bob.auth, "accept-language": "ja" } as typeof bob.auth,
    });
    const created = await createOffline(japanese, { url: `${server.url}/file.bin` });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const root = await japanese.listAll({ parent_id: "" });
    expect(root.map((file) => file.name)).toContain("マイダウンロード");
  });
});
