/** Line icons of the upload panel (24×24 path data, drawn by components/icon.tsx). */
export const file = "M6 3h8l4 4v14H6zm8 0v4h4";
export const pause = "M9 6v12m6-12v12";
export const resume = "M8 5.5v13l10-6.5z";
export const retry = "M4 12a8 8 0 1 0 2.4-5.7M4 4v4h4";
export const done = "M5 12l5 5 9-10";
export const instant = "M13 3 5 14h6l-1 7 8-11h-6z";
export const warning = "M12 4 2.5 20h19zm0 6v5m0 2.5v.5";
export const collapse = "M6 15l6-6 6 6";
export const expand = "M6 9l6 6 6-6";
