/**
 * Sharing from anywhere in the drive: the file list (or its action bar) asks, and the
 * `<ShareDialogHost/>` mounted by the drive layout opens the share dialog. Kept tiny and
 * dependency-free so the list can import it without pulling the dialog into its chunk.
 */
export const SHARE_EVENT = "nimbus:share";

export interface ShareRequestDetail {
  /** The items to share (files and folders of the signed-in user). */
  fileIds: readonly string[];
}

export function requestShare(fileIds: readonly string[]): void {
  if (typeof window === "undefined" || fileIds.length === 0) return;
  window.dispatchEvent(
    new CustomEvent<ShareRequestDetail>(SHARE_EVENT, { detail: { fileIds: [...fileIds] } }),
  );
}

/** Calls `listener` for every request; returns the function that stops listening. */
export function onShareRequest(listener: (detail: ShareRequestDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<ShareRequestDetail>).detail);
  window.addEventListener(SHARE_EVENT, handle);
  return () => window.removeEventListener(SHARE_EVENT, handle);
}
