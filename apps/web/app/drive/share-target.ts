import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { SHARE_CACHE, SHARED_FILES_PARAM } from "../lib/offline-protocol.js";
import { requestUpload } from "./upload/upload-events.js";

let receiving = false;

/** The files the service worker took from the share target, as files, taken out of its cache. */
async function takeSharedFiles(): Promise<File[]> {
  const cache = await caches.open(SHARE_CACHE);
  const files: File[] = [];
  for (const key of await cache.keys()) {
    const answer = await cache.match(key);
    await cache.delete(key);
    if (!answer) continue;
    const blob = await answer.blob();
    const name = decodeURIComponent(answer.headers.get("x-file-name") ?? "") || "shared";
    const lastModified = Number(answer.headers.get("x-file-modified")) || Date.now();
    files.push(new File([blob], name, { type: blob.type, lastModified }));
  }
  return files;
}

/**
 * The Web Share Target's landing (decision 0059): another app's share sheet posted files to
 * `/drive/share-target`, the service worker kept them and sent the page to
 * `/drive/all?shared_files=N`; they go into an upload to My Drive, and the parameter leaves
 * the address.
 */
export function useSharedFiles(): void {
  const [params, setParams] = useSearchParams();
  const waiting = params.has(SHARED_FILES_PARAM);
  useEffect(() => {
    if (!waiting || receiving || !("caches" in window)) return;
    receiving = true;
    void takeSharedFiles()
      .then((files) => requestUpload({ sources: files.map((file) => ({ file })), parentId: "" }))
      .finally(() => {
        receiving = false;
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(SHARED_FILES_PARAM);
            return next;
          },
          { replace: true },
        );
      });
  }, [waiting, setParams]);
}
