// @vitest-environment happy-dom
import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage, text } from "../../testing/dom.js";
import type { UploadQueue } from "./upload-queue.js";
import { file, resumable, setup } from "./upload-queue.testing.js";
import { UploadFailed } from "./upload-types.js";

// The panel reads the page's one queue; here that queue runs on the test transport (the
// network side of uploading: hashing worker, POST /drive/v1/files and tus), settled call by call.
let bench: ReturnType<typeof setup>;
vi.mock("./page-queue.js", () => ({ getUploadQueue: (): UploadQueue => bench.queue }));
const { UploadPanel } = await import("./upload-panel.js");

beforeEach(() => {
  bench = setup();
});

// The queue tells its listeners at most once per 100 ms (NOTIFY_MS): wait that long, so the
// panel shows the queue's state.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 120)));
async function add(sources: { file: File }[]) {
  bench.queue.add(sources, "");
  await settle();
}
const rowOf = (name: string) => screen.getByTitle(name).closest("li") as HTMLElement;

describe("UploadPanel in a DOM", () => {
  it("shows nothing while no upload was added", async () => {
    await renderPage(<UploadPanel />);
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("shows a row per upload with its state, and the title counts them", async () => {
    await renderPage(<UploadPanel />);
    await add([{ file: file("a.txt") }, { file: file("b.txt") }]);
    expect(
      screen.getByRole("heading", { name: text("uploads.titleRunning", { done: 0, total: 2 }) }),
    ).toBeTruthy();
    expect(within(rowOf("a.txt")).getByText(text("uploads.status.hashing", { percent: 0 }))).toBeTruthy();
    expect(within(rowOf("b.txt")).getByText(text("uploads.status.queued"))).toBeTruthy();
    bench.calls.hash[0]?.progress(500);
    await settle();
    expect(
      within(rowOf("a.txt")).getByRole("progressbar", { name: "a.txt" }).getAttribute("aria-valuenow"),
    ).toBe("50");
    bench.calls.hash[0]?.done.resolve();
    await settle();
    bench.calls.start[0]?.done.resolve(resumable("a"));
    await settle();
    bench.calls.send[0]?.done.resolve();
    await settle();
    expect(within(rowOf("a.txt")).getByText(`${text("uploads.status.done")} · 1,000 B`)).toBeTruthy();
    expect(
      screen.getByRole("heading", { name: text("uploads.titleRunning", { done: 1, total: 2 }) }),
    ).toBeTruthy();
  });

  it("pauses and resumes a row with its buttons", async () => {
    await renderPage(<UploadPanel />);
    await add([{ file: file("clip.mp4") }]);
    bench.calls.hash[0]?.done.resolve();
    await settle();
    bench.calls.start[0]?.done.resolve(resumable("clip"));
    await settle();
    fireEvent.click(screen.getByRole("button", { name: text("uploads.pause", { name: "clip.mp4" }) }));
    await settle();
    expect(bench.calls.send[0]?.signal.aborted).toBe(true);
    expect(within(rowOf("clip.mp4")).getByText(/^Paused · /)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text("uploads.resume", { name: "clip.mp4" }) }));
    await settle();
    expect(bench.calls.send).toHaveLength(2);
    expect(bench.calls.send[1]?.url).toBe("/drive/v1/uploads/tus/clip");
  });

  it("shows a failure as an alert with the server's description, and retries it", async () => {
    await renderPage(<UploadPanel />);
    await add([{ file: file("big.iso") }]);
    bench.calls.hash[0]?.done.resolve();
    await settle();
    bench.calls.start[0]?.done.reject(
      new UploadFailed(
        { error: "file_space_not_enough", error_description: "No space left", status: 403 },
        "start",
      ),
    );
    await settle();
    expect(within(rowOf("big.iso")).getByRole("alert").textContent).toBe("No space left");
    expect(screen.getByRole("heading", { name: text("uploads.titleFailed", { count: 1 }) })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text("uploads.retry", { name: "big.iso" }) }));
    await settle();
    expect(bench.calls.start).toHaveLength(2);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("cancels a row, then clears finished rows with Close", async () => {
    await renderPage(<UploadPanel />);
    await add([{ file: file("draft.txt") }]);
    fireEvent.click(screen.getByRole("button", { name: text("uploads.cancel", { name: "draft.txt" }) }));
    await settle();
    expect(within(rowOf("draft.txt")).getByText(text("uploads.status.cancelled"))).toBeTruthy();
    expect(within(rowOf("draft.txt")).queryByRole("button")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: text("uploads.close") }));
    await settle();
    expect(screen.queryByRole("heading")).toBeNull();
  });

  it("collapses and expands the list", async () => {
    await renderPage(<UploadPanel />);
    await add([{ file: file("a.txt") }]);
    const toggle = screen.getByRole("button", { name: text("uploads.collapse") });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(screen.getByRole("button", { name: text("uploads.expand") }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    expect((document.getElementById("upload-panel-body") as HTMLElement).hidden).toBe(true);
  });
});
