import { describe, expect, it } from "vitest";
import { localResumeStore } from "./resume-store.js";
import { UploadQueue } from "./upload-queue.js";
import { fakeTransport, file, resumable, setup, tick } from "./upload-queue.testing.js";
import { UploadFailed } from "./upload-types.js";

describe("UploadQueue", () => {
  it("hashes one file at a time, then starts and sends it, and reports the folder when done", async () => {
    const t = setup();
    t.queue.add([{ file: file("a.txt") }, { file: file("b.txt") }], "folder1");
    expect(t.status()).toEqual(["a.txt:hashing:hash", "b.txt:queued:hash"]);
    t.calls.hash[0]?.progress(500);
    expect(t.queue.getSnapshot()[0]?.hashed).toBe(500);
    t.calls.hash[0]?.done.resolve();
    await tick();
    expect(t.status()).toEqual(["a.txt:uploading:start", "b.txt:hashing:hash"]);
    expect(t.calls.start[0]?.request).toMatchObject({
      name: "a.txt",
      parentId: "folder1",
      size: 1000,
      digests: { gcid: "GCID-a.txt", blockSha256: "sha-a.txt" },
    });
    t.calls.start[0]?.done.resolve(resumable("a"));
    await tick();
    expect(t.calls.send[0]?.url).toBe("/drive/v1/uploads/tus/a");
    t.calls.send[0]?.progress(400);
    expect(t.queue.getSnapshot()[0]).toMatchObject({ status: "uploading", uploaded: 400, fileId: "file-a" });
    t.calls.send[0]?.done.resolve();
    await tick();
    expect(t.queue.getSnapshot()[0]).toMatchObject({ status: "done", uploaded: 1000 });
    expect(t.completed).toEqual(["folder1"]);
    expect(t.store.list(Date.now())).toEqual([]);
  });

  it("shows an instant upload as such and sends nothing", async () => {
    const t = setup();
    t.queue.add([{ file: file("known.bin") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve({ kind: "complete", fileId: "f1" });
    await tick();
    expect(t.queue.getSnapshot()[0]).toMatchObject({ status: "instant", uploaded: 1000, fileId: "f1" });
    expect(t.calls.send).toHaveLength(0);
    expect(t.completed).toEqual([""]);
  });

  it("keeps at most `senders` uploads sending at once", async () => {
    const t = setup({ senders: 2 });
    t.queue.add(
      ["a", "b", "c"].map((name) => ({ file: file(name) })),
      "",
    );
    for (let index = 0; index < 3; index += 1) {
      t.calls.hash[index]?.done.resolve();
      await tick();
    }
    expect(t.status()).toEqual(["a:uploading:start", "b:uploading:start", "c:queued:start"]);
    t.calls.start[0]?.done.resolve({ kind: "complete", fileId: "fa" });
    await tick();
    expect(t.status()).toEqual(["a:instant:start", "b:uploading:start", "c:uploading:start"]);
  });

  it("pauses by stopping the bytes and resumes at the same upload URL", async () => {
    const t = setup();
    t.queue.add([{ file: file("movie.mp4") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("m"));
    await tick();
    t.calls.send[0]?.progress(300);
    const id = t.queue.getSnapshot()[0]?.id ?? "";
    t.queue.pause(id);
    expect(t.calls.send[0]?.signal.aborted).toBe(true);
    await tick();
    expect(t.queue.getSnapshot()[0]).toMatchObject({ status: "paused", uploaded: 300, bytesPerSecond: 0 });
    t.queue.resume(id);
    await tick();
    expect(t.calls.start).toHaveLength(1);
    expect(t.calls.send[1]?.url).toBe("/drive/v1/uploads/tus/m");
    t.calls.send[1]?.done.resolve();
    await tick();
    expect(t.queue.getSnapshot()[0]?.status).toBe("done");
  });

  it("cancels on the server and forgets the upload", async () => {
    const t = setup();
    t.queue.add([{ file: file("big.iso") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("big"));
    await tick();
    expect(t.store.list(Date.now())).toHaveLength(1);
    t.queue.cancel(t.queue.getSnapshot()[0]?.id ?? "");
    await tick();
    expect(t.calls.cancel).toEqual(["/drive/v1/uploads/tus/big"]);
    expect(t.queue.getSnapshot()[0]?.status).toBe("cancelled");
    expect(t.store.list(Date.now())).toEqual([]);
  });

  it("cancelled while the server starts the upload, ends it once the URL is known", async () => {
    const t = setup();
    t.queue.add([{ file: file("x") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.queue.cancel(t.queue.getSnapshot()[0]?.id ?? "");
    expect(t.calls.cancel).toEqual([]);
    t.calls.start[0]?.done.resolve(resumable("x"));
    await tick();
    expect(t.calls.cancel).toEqual(["/drive/v1/uploads/tus/x"]);
    expect(t.calls.send).toHaveLength(0);
  });

  it("shows a failure and retries from the step that failed", async () => {
    const t = setup();
    t.queue.add([{ file: file("f") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.reject(
      new UploadFailed(
        { error: "file_space_not_enough", error_description: "No space", status: 403 },
        "start",
      ),
    );
    await tick();
    expect(t.queue.getSnapshot()[0]).toMatchObject({
      status: "failed",
      stage: "start",
      failure: { error: "file_space_not_enough" },
    });
    t.queue.retry(t.queue.getSnapshot()[0]?.id ?? "");
    await tick();
    expect(t.calls.hash).toHaveLength(1);
    expect(t.calls.start).toHaveLength(2);
    t.calls.start[1]?.done.resolve(resumable("f"));
    await tick();
    t.calls.send[0]?.done.reject(new UploadFailed({ error: "unreachable", status: 0 }, "send"));
    await tick();
    expect(t.queue.getSnapshot()[0]).toMatchObject({ status: "failed", stage: "send" });
    t.queue.retry(t.queue.getSnapshot()[0]?.id ?? "");
    await tick();
    expect(t.calls.send[1]?.url).toBe("/drive/v1/uploads/tus/f");
  });

  it("starts a new upload when the server lost the old one", async () => {
    const t = setup();
    t.queue.add([{ file: file("g") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("g"));
    await tick();
    t.calls.send[0]?.done.reject(new UploadFailed({ error: "upload_not_found", status: 404 }, "start"));
    await tick();
    expect(t.queue.getSnapshot()[0]).toMatchObject({ status: "failed", stage: "start", uploaded: 0 });
    expect(t.store.list(Date.now())).toEqual([]);
    t.queue.retry(t.queue.getSnapshot()[0]?.id ?? "");
    await tick();
    expect(t.calls.start).toHaveLength(2);
  });

  it("after a reload, continues an interrupted upload once the same file is chosen again", async () => {
    const t = setup();
    const original = file("video.mkv", 5000, 777);
    t.queue.add([{ file: original, relativePath: "holiday/video.mkv" }], "p1");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("v"));
    await tick();
    t.calls.send[0]?.progress(2500);

    // The page reloads: a new queue over the same storage.
    const fake = fakeTransport();
    const again = new UploadQueue(fake.transport, localResumeStore(t.storage), { tickMs: 0 });
    again.restore();
    expect(again.getSnapshot()).toEqual([
      expect.objectContaining({
        name: "video.mkv",
        relativePath: "holiday/video.mkv",
        parentId: "p1",
        status: "needs-file",
        fileId: "file-v",
      }),
    ]);
    const id = again.getSnapshot()[0]?.id ?? "";
    expect(again.attach(id, file("video.mkv", 5000, 778))).toBe(false);
    // Dropping the same folder again finds it by folder, path, size and time.
    again.add([{ file: file("video.mkv", 5000, 777), relativePath: "holiday/video.mkv" }], "p1");
    await tick();
    expect(fake.calls.hash).toHaveLength(0);
    expect(fake.calls.start).toHaveLength(0);
    expect(fake.calls.send[0]?.url).toBe("/drive/v1/uploads/tus/v");
    expect(again.getSnapshot()).toHaveLength(1);
  });

  it("ignores a file added twice while its upload runs", () => {
    const t = setup();
    t.queue.add([{ file: file("same") }], "");
    t.queue.add([{ file: file("same") }], "");
    expect(t.queue.getSnapshot()).toHaveLength(1);
  });

  it("measures the speed from progress over time", async () => {
    let now = 0;
    const t = setup({ now: () => now });
    t.queue.add([{ file: file("s", 10_000_000) }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("s"));
    await tick();
    for (let second = 0; second <= 2; second += 1) {
      now = second * 1000;
      t.calls.send[0]?.progress(second * 1_000_000);
    }
    expect(t.queue.getSnapshot()[0]?.bytesPerSecond).toBe(1_000_000);
  });

  it("tells listeners about a burst of changes once", async () => {
    const t = setup();
    let calls = 0;
    t.queue.subscribe(() => {
      calls += 1;
    });
    t.queue.add([{ file: file("n") }], "");
    for (let bytes = 1; bytes <= 50; bytes += 1) t.calls.hash[0]?.progress(bytes);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toBe(1);
    expect(t.queue.getSnapshot()[0]?.hashed).toBe(50);
  });

  it("clears finished rows and keeps running ones", async () => {
    const t = setup();
    t.queue.add([{ file: file("a") }, { file: file("b") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve({ kind: "complete", fileId: "fa" });
    await tick();
    t.queue.clearFinished();
    expect(t.queue.getSnapshot().map((item) => item.name)).toEqual(["b"]);
  });
});
