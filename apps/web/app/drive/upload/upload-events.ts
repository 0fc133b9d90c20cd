/**
 * Asking the drive to upload: the upload button, the drop zone and anything else
 * dispatch files here; the `<UploadHost/>` of the drive layout queues them. Tiny and
 * dependency-free, so callers do not pull the upload code into their chunk.
 */
export const UPLOAD_EVENT = "nimbus:upload";

export interface UploadRequest {
  /** Files, with `relativePath` for the files of a folder (`photos/2024/a.jpg`). */
  sources: { file: File; relativePath?: string }[];
  /** The folder to upload into; absent: the folder the page shows (`/drive/all?parent_id=`). */
  parentId?: string;
}

export function requestUpload(request: UploadRequest): void {
  if (typeof window === "undefined" || request.sources.length === 0) return;
  window.dispatchEvent(new CustomEvent<UploadRequest>(UPLOAD_EVENT, { detail: request }));
}

/** The files an `<input type=file>` holds, with their folder paths when it picked a folder. */
export function sourcesOfInput(input: HTMLInputElement): UploadRequest["sources"] {
  return [...(input.files ?? [])].map((file) => ({
    file,
    relativePath: file.webkitRelativePath || undefined,
  }));
}
