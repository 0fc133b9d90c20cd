import type { DriveEventWait } from "@nimbus/protocol";
import { describe, expect, it, vi } from "vitest";
import type { ApiResult } from "../api/client.js";
import { watchRemoteChanges } from "./remote-changes.js";

type Answer = ApiResult<DriveEventWait>;
const wake = (changed: boolean, latest_id: string): Answer => ({
  ok: true,
  data: { kind: "drive#eventWait", changed, latest_id },
});
const failure = (status: number): Answer => ({ ok: false, error: { error: "x", status } });

/** A fake server: each poll takes the next answer once the test releases it. */
function fakeWaits() {
  const calls: (string | undefined)[] = [];
  const pending: ((answer: Answer) => void)[] = [];
  const wait = (after: string | undefined) => {
    calls.push(after);
    return new Promise<Answer>((resolve) => pending.push(resolve));
  };
  const answer = async (value: Answer) => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
    pending.shift()?.(value);
  };
  return { wait, calls, answer };
}

const visiblePage = { visible: () => true, onVisible: () => () => {} };

describe("watchRemoteChanges", () => {
  it("takes the cursor first, then waits past it; each `changed` answer is announced", async () => {
    const server = fakeWaits();
    const onChanged = vi.fn();
    const stop = watchRemoteChanges({ wait: server.wait, onChanged, page: visiblePage, settleMs: 0 });
    await server.answer(wake(false, "")); // the cursor, then the list read once more
    await server.answer(wake(false, "")); // a poll that timed out
    await server.answer(wake(true, "01A"));
    await server.answer(wake(true, "01B"));
    await vi.waitFor(() => expect(server.calls).toEqual([undefined, "", "", "01A", "01B"]));
    expect(onChanged).toHaveBeenCalledTimes(3);
    stop();
  });

  it("backs off after a failure, and stops for good once signed out", async () => {
    const server = fakeWaits();
    const sleeps: number[] = [];
    const stop = watchRemoteChanges({
      wait: server.wait,
      onChanged: () => {},
      page: visiblePage,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    await server.answer(failure(0));
    await server.answer(failure(503));
    await server.answer(failure(401));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sleeps).toEqual([2_000, 4_000]); // never reached the cursor: no settling
    expect(server.calls).toHaveLength(3);
    stop();
  });

  it("a hidden page does not poll until it is seen again", async () => {
    const server = fakeWaits();
    let visible = false;
    const listeners = new Set<() => void>();
    const page = {
      visible: () => visible,
      onVisible: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const stop = watchRemoteChanges({ wait: server.wait, onChanged: () => {}, page, settleMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(0);
    visible = true;
    for (const listener of [...listeners]) listener();
    await vi.waitFor(() => expect(server.calls).toEqual([undefined]));
    stop();
  });

  it("holds the first poll only after the page settled; a change meanwhile still answers it", async () => {
    const server = fakeWaits();
    const sleeps: number[] = [];
    let settle = () => {};
    const onChanged = vi.fn();
    const stop = watchRemoteChanges({
      wait: server.wait,
      onChanged,
      page: visiblePage,
      settleMs: 10_000,
      sleep: (ms) => {
        sleeps.push(ms);
        return new Promise<void>((resolve) => {
          settle = resolve;
        });
      },
    });
    await server.answer(wake(false, "01A"));
    await vi.waitFor(() => expect(sleeps).toEqual([10_000]));
    expect(server.calls).toEqual([undefined]);
    expect(onChanged).not.toHaveBeenCalled();
    settle();
    // Settled: the list is read once more (a change between the render and the cursor).
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    await server.answer(wake(true, "01B")); // made during the settling: answered at once
    await vi.waitFor(() => expect(server.calls).toEqual([undefined, "01A", "01B"]));
    expect(onChanged).toHaveBeenCalledTimes(2);
    stop();
  });
});
