/**
 * Opening the cloud-download dialog from anywhere in the drive (the header's button,
 * "Open with cloud download" on a `.torrent`): the caller asks, and the
 * `<CloudDownloadHost/>` mounted by the drive layout shows the dialog. Tiny and
 * dependency-free so the list can import it.
 */
export const CLOUD_DOWNLOAD_EVENT = "nimbus:cloud-download";

export interface CloudDownloadRequest {
  /** Links to prefill, one per line. */
  url?: string;
  /** A `.torrent` already in the drive, and its name. */
  fileId?: string;
  fileName?: string;
}

export function requestCloudDownload(request: CloudDownloadRequest = {}): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<CloudDownloadRequest>(CLOUD_DOWNLOAD_EVENT, { detail: request }));
}

export function onCloudDownloadRequest(listener: (request: CloudDownloadRequest) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<CloudDownloadRequest>).detail);
  window.addEventListener(CLOUD_DOWNLOAD_EVENT, handle);
  return () => window.removeEventListener(CLOUD_DOWNLOAD_EVENT, handle);
}
