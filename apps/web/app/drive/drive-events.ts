/**
 * The drive's "files changed" signal: whoever changes files outside the list
 * (an upload finished, an extraction task finished) announces the folder, and
 * the list refetches or merges it.
 */
export const DRIVE_CHANGED_EVENT = "nimbus:drive-changed";

export interface DriveChangedDetail {
  /** The folder whose children changed ('' is the root; `ANY_FOLDER` when it is not known). */
  parentId: string;
}

/** A change somewhere in the drive (told by the server's long poll): every list refetches. */
export const ANY_FOLDER = "*";

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

/** The drag type of items moved inside the drive (desktop file drops carry "Files" instead). */
export const DRAG_TYPE = "application/x-nimbus-files";

/** Items of the list dropped onto a folder outside it (the sidebar's "All files" is the root). */
export const DRIVE_DROP_EVENT = "nimbus:drive-drop";

export interface DriveDropDetail {
  /** The folder dropped onto ('' is the root) and its name for the notice. */
  parentId: string;
  name: string;
  ids: string[];
}

/** Asks the open list to move `ids` into a folder, as a drop onto one of its own folders would. */
export function requestDropInto(detail: DriveDropDetail): void {
  window.dispatchEvent(new CustomEvent<DriveDropDetail>(DRIVE_DROP_EVENT, { detail }));
}

/** Calls `listener` for every drop outside the list; returns the function that stops listening. */
export function onDriveDrop(listener: (detail: DriveDropDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<DriveDropDetail>).detail);
  window.addEventListener(DRIVE_DROP_EVENT, handle);
  return () => window.removeEventListener(DRIVE_DROP_EVENT, handle);
}
