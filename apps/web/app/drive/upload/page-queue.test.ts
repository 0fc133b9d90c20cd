import { describe, expect, it } from "vitest";
import { followNetwork } from "./page-queue.js";
import { file, resumable, setup, tick } from "./upload-queue.testing.js";
import { UploadFailed } from "./upload-types.js";

describe("followNetwork", () => {
  it("pauses uploads when the network goes and resumes them when it returns, not the person's pauses", async () => {
    const t = setup();
    const network = new EventTarget();
    followNetwork(t.queue, network);
    t.queue.add([{ file: file("cut.bin") }, { file: file("mine.bin") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("cut"));
    await tick();
    const mine = t.queue.getSnapshot()[1]?.id ?? "";
    t.queue.pause(mine);
    t.calls.send[0]?.progress(300);
    expect(t.status()).toEqual(["cut.bin:uploading:send", "mine.bin:paused:hash"]);

    network.dispatchEvent(new Event("offline"));
    await tick();
    expect(t.status()).toEqual(["cut.bin:paused:send", "mine.bin:paused:hash"]);
    expect(t.calls.send[0]?.signal.aborted).toBe(true);

    network.dispatchEvent(new Event("online"));
    await tick();
    expect(t.status()).toEqual(["cut.bin:uploading:send", "mine.bin:paused:hash"]);
    expect(t.calls.send[1]?.url).toBe("/drive/v1/uploads/tus/cut");
    t.calls.send[1]?.done.resolve();
    await tick();
    expect(t.status()).toEqual(["cut.bin:done:send", "mine.bin:paused:hash"]);
  });

  it("retries an upload that failed for want of a network once it is back", async () => {
    const t = setup();
    const network = new EventTarget();
    followNetwork(t.queue, network);
    t.queue.add([{ file: file("late.bin") }], "");
    t.calls.hash[0]?.done.resolve();
    await tick();
    t.calls.start[0]?.done.resolve(resumable("late"));
    await tick();
    t.calls.send[0]?.done.reject(new UploadFailed({ error: "unreachable", status: 0 }, "send"));
    await tick();
    expect(t.status()).toEqual(["late.bin:failed:send"]);
    network.dispatchEvent(new Event("online"));
    await tick();
    expect(t.status()).toEqual(["late.bin:uploading:send"]);
  });
});
