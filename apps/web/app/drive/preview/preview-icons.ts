/** Line icons of the preview dialog (24×24 path data, drawn by components/icon.tsx). */
export const previous = "M15 5l-7 7 7 7";
export const next = "M9 5l7 7-7 7";
export const zoomIn = "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4M8 11h6m-3-3v6";
export const zoomOut = "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4M8 11h6";
export const fit = "M4 9V4h5m6 0h5v5m0 6v5h-5m-6 0H4v-5";
export const archiveFolder = "M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z";
export const archiveFile = "M6 3h8l4 4v14H6zm8 0v4h4";
export const unsupported = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5v5m0 3v.5";
