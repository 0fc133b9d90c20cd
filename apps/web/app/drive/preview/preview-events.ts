/**
 * Opening the preview from anywhere in the drive: the list (or `?action=open_file`)
 * asks, and the `<PreviewHost/>` mounted by the drive layout shows the dialog.
 * Kept tiny and dependency-free so the list can import it without pulling the
 * preview code into its chunk.
 */
export const PREVIEW_EVENT = "nimbus:preview";

export interface PreviewRequest {
  fileId: string;
  /**
   * The files around it, in the order the list shows them (the file itself
   * included), for next/previous. Folders among them are skipped.
   */
  siblingIds: readonly string[];
  /** Their names and types, when the list knows them: the player's next video and audio queue. */
  siblings?: readonly SiblingFile[] | undefined;
}

export interface SiblingFile {
  id: string;
  name: string;
  mime_type: string;
}

export function requestPreview(
  fileId: string,
  siblingIds: readonly string[] = [fileId],
  siblings?: readonly SiblingFile[],
): void {
  if (typeof window === "undefined") return;
  const detail: PreviewRequest = { fileId, siblingIds: siblingIds.length ? siblingIds : [fileId], siblings };
  window.dispatchEvent(new CustomEvent<PreviewRequest>(PREVIEW_EVENT, { detail }));
}

export function onPreviewRequest(listener: (request: PreviewRequest) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<PreviewRequest>).detail);
  window.addEventListener(PREVIEW_EVENT, handle);
  return () => window.removeEventListener(PREVIEW_EVENT, handle);
}
