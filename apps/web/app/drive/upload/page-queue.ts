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
  }
  return queue;
}
