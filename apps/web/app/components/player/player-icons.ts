/** Line icons of the player (24×24 path data, drawn by components/icon.tsx). */
export const play = "M7 4.5v15l12-7.5z";
export const pause = "M8 5v14M16 5v14";
export const volume = "M4 9v6h4l5 4V5L8 9zm12.5-1.5a6 6 0 0 1 0 9M19 5a9.5 9.5 0 0 1 0 14";
export const muted = "M4 9v6h4l5 4V5L8 9zm12 0 5 6m0-6-5 6";
export const subtitles =
  "M3 6a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1zm4 8h4m2 0h4M7 11h2m2 0h6";
export const settings =
  "M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm7.4 4.5 1.6 1.2-2 3.4-1.9-.7a7 7 0 0 1-1.8 1l-.3 2H11l-.3-2a7 7 0 0 1-1.8-1l-1.9.7-2-3.4 1.6-1.2a7 7 0 0 1 0-2.1L5 10.2l2-3.4 1.9.7a7 7 0 0 1 1.8-1l.3-2h4l.3 2a7 7 0 0 1 1.8 1l1.9-.7 2 3.4-1.6 1.2a7 7 0 0 1 0 2.1z";
export const pip = "M3 5h18v14H3zm9 6h7v6h-7z";
export const fullscreen = "M4 9V4h5m6 0h5v5m0 6v5h-5m-6 0H4v-5";
export const exitFullscreen = "M9 4v5H4m16 0h-5V4m0 16v-5h5M4 15h5v5";
export const next = "M6 5v14l9-7zm12 0v14";
export const previous = "M18 5v14l-9-7zM6 5v14";
export const converted = "M4 12a8 8 0 0 1 14-5.3L20 9m0-5v5h-5m5 3a8 8 0 0 1-14 5.3L4 15m0 5v-5h5";
