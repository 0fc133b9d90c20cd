import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "../support/drive.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import {
  type KitTorrent,
  kitFiles,
  magnetOf,
  makeTorrent,
  PIECE_LENGTH,
  startSeeder,
  startTracker,
} from "../support/torrents.js";
import { signUp } from "../support/users.js";
import { createOffline, storedBytes, waitForTask } from "./support.js";

describe("cloud download of a magnet (local tracker and seeder)", () => {
  let t: TestApp;
  let root: string;
  let tracker: Awaited<ReturnType<typeof startTracker>>;
  let seeder: Awaited<ReturnType<typeof startSeeder>>;
  let torrent: KitTorrent;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "nimbus-magnet-"));
    tracker = await startTracker();
    torrent = makeTorrent(
      "Trip",
      kitFiles([
        [["notes.txt"], 1234],
        [["photos", "one.jpg"], 2 * PIECE_LENGTH + 5],
        [["photos", "two.jpg"], 777],
        // Junk (decision 0045): left out while filterFilesWhenCreate is on, the default.
        [["Visit us.url"], 80],
      ]),
      [tracker.url],
    );
    seeder = await startSeeder(torrent, path.join(root, "seed"), tracker);
    t = await createTestApp({ env: { OFFLINE_ALLOW_PRIVATE: "true", OFFLINE_DAILY_TASKS_FREE: "0" } });
  }, 30_000);

  afterAll(async () => {
    await t?.close();
    await seeder?.close();
    await tracker?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("fetches the torrent into a folder with its tree; a second user gets it at once, 0 bytes moved", async () => {
    const magnet = magnetOf(torrent, [tracker.url]);
    const alice = driveClient(t, await signUp(t.app));
    const created = await createOffline(alice, { url: magnet });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const done = await waitForTask(alice, created.body.task.id, undefined, 60_000);
    expect(done, JSON.stringify(done)).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", file_name: "Trip" });
    const total = torrent.files
      .filter((file) => !file.path.at(-1)?.endsWith(".url"))
      .reduce((sum, file) => sum + file.bytes.length, 0);
    expect(done.params).toMatchObject({ file_size: String(total) });

    // The result: Trip/notes.txt, Trip/photos/one.jpg, Trip/photos/two.jpg, bytes identical; no shortcut.
    const top = await alice.ok("GET", `/drive/v1/files/${done.file_id}`);
    expect(top).toMatchObject({ kind: "drive#folder", name: "Trip" });
    const level = await alice.list({ parent_id: top.id });
    const names = level.files.map((file: { name: string }) => file.name).sort();
    expect(names).toEqual(["notes.txt", "photos"]);
    const photos = level.files.find((file: { name: string }) => file.name === "photos");
    const inPhotos = await alice.list({ parent_id: photos?.id ?? "" });
    expect(inPhotos.files.map((file: { name: string }) => file.name).sort()).toEqual(["one.jpg", "two.jpg"]);
    const notes = level.files.find((file: { name: string }) => file.name === "notes.txt");
    expect((await storedBytes(t, notes?.id ?? "")).equals(torrent.files[0]?.bytes as Buffer)).toBe(true);
    const one = inPhotos.files.find((file: { name: string }) => file.name === "one.jpg");
    expect((await storedBytes(t, one?.id ?? "")).equals(torrent.files[1]?.bytes as Buffer)).toBe(true);
    expect((await alice.about()).usage).toBe(total);

    // Bob: same info hash, so the task completes by reference with nothing fetched.
    await seeder.close();
    const bob = driveClient(t, await signUp(t.app));
    const again = await createOffline(bob, { url: magnet });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const instant = await waitForTask(bob, again.body.task.id, undefined, 30_000);
    expect(instant, JSON.stringify(instant)).toMatchObject({
      phase: "PHASE_TYPE_COMPLETE",
      file_name: "Trip",
    });
    expect(instant.params).toMatchObject({ instant: "true", downloaded_bytes: "0" });
    expect((await bob.about()).usage).toBe(total);
  }, 120_000);
});
