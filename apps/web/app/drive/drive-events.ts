/**
 * The drive's "files changed" signal: whoever changes files outside the list
 * (an upload finished, an extraction task finished) announces the folder, and
 * the list refetches or merges it.
 */
export const DRIVE_CHANGED_EVENT = "nimbus:drive-changed";

export interface DriveChangedDetail {
  /** The folder whose children changed ('' is the root). */
  parentId: string;
}

export function notifyDriveChanged(parentId: string): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent<DriveChangedDetail>(DRIVE_CHANGED_EVENT, { detail: { parentId } }));
}

/** Calls `listener` for every change; returns the function that stops listening. */
export function onDriveChanged(listener: (detail: DriveChangedDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<DriveChangedDetail>).detail);
  window.addEventListener(DRIVE_CHANGED_EVENT, handle);
  return () => window.removeEventListener(DRIVE_CHANGED_EVENT, handle);
}
