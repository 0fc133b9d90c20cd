import { notifyDriveChanged } from "../drive-events.js";
import { localResumeStore } from "./resume-store.js";
import { UploadQueue } from "./upload-queue.js";
import { browserTransport } from "./upload-transport.js";

let queue: UploadQueue | undefined;

function pageLocale(): string {
  return document.documentElement.lang || "en-US";
}

function storage(): Pick<Storage, "getItem" | "setItem" | "removeItem"> {
  try {
    return localStorage;
  } catch {
    const data = new Map<string, string>();
    return {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    };
  }
}

/** The page's one upload queue, with the uploads a reload interrupted brought back. */
export function getUploadQueue(): UploadQueue {
  if (!queue) {
    queue = new UploadQueue(browserTransport(pageLocale), localResumeStore(storage()), {
      onCompleted: notifyDriveChanged,
    });
    queue.restore();
    followNetwork(queue);
  }
  return queue;
}

/**
 * Uploads pause when the network goes and resume by themselves when it returns (decision
 * 0059): tus continues from the offset the server holds. One that failed for want of a
 * network meanwhile (no answer at all) is retried too. Paused by the person stays paused.
 */
export function followNetwork(queue: UploadQueue, target: Pick<Window, "addEventListener"> = window): void {
  const pausedByNetwork = new Set<string>();
  target.addEventListener("offline", () => {
    for (const item of queue.getSnapshot()) {
      if (item.status !== "queued" && item.status !== "hashing" && item.status !== "uploading") continue;
      pausedByNetwork.add(item.id);
      queue.pause(item.id);
    }
  });
  target.addEventListener("online", () => {
    for (const id of pausedByNetwork) queue.resume(id);
    pausedByNetwork.clear();
    for (const item of queue.getSnapshot()) {
      if (item.status === "failed" && item.failure?.error === "unreachable") queue.retry(item.id);
    }
  });
}
