/** Line icons on a 24-unit grid, one path each; import what a page uses (unused ones are tree-shaken). */
export const menu = "M4 6h16M4 12h16M4 18h16";
export const close = "M6 6l12 12M18 6 6 18";
export const globe =
  "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.4 2.6 3.6 5.6 3.6 9s-1.2 6.4-3.6 9c-2.4-2.6-3.6-5.6-3.6-9S9.6 5.6 12 3z";
export const sun =
  "M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2m0 16v2M4.9 4.9l1.4 1.4m11.4 11.4 1.4 1.4M2 12h2m16 0h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4";
export const moon = "M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z";
export const search = "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4";
export const upload = "M12 16V4M7 9l5-5 5 5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4";
export const download = "M12 4v12m-5-5 5 5 5-5M4 15v4a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-4";
export const gift =
  "M4 11h16v9H4zM3 7h18v4H3zm9 0v13m0-13c-1.5-3-5-3.5-5-1s5 1 5 1zm0 0c1.5-3 5-3.5 5-1s-5 1-5 1z";
export const folder = "M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z";
export const clock = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 2";
export const trash = "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13";
export const chevron = "M6 9l6 6 6-6";
export const check = "M5 12l5 5 9-10";
export const user = "M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 20c1.5-4 4.5-6 8-6s6.5 2 8 6";
export const link =
  "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1";
export const play = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm-2 5.5v7l6-3.5z";
export const share =
  "M18 3a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM6 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm12 6a3 3 0 1 0 0 6 3 3 0 0 0 0-6zm-9.4-1.5 6.8 4m0-11-6.8 4";
export const lock = "M6 11h12v9H6zm2 0V8a4 4 0 0 1 8 0v3";
export const cloud = "M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18z";
export const cloudOff = "M7 18h10a4 4 0 0 0 .5-8A6 6 0 0 0 6 9.5 4.3 4.3 0 0 0 7 18zM4 4l16 16";
export const alert = "M12 4 2.5 20h19zm0 6v4.5m0 3v.01";
export const star = "M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z";
/** Premium (the star is Starred's). */
export const crown = "M4 19h16M4 16 3 7l5 4 4-6 4 6 5-4-1 9z";
export const save = "M6 3h12v18l-6-4-6 4z";
export const shield = "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z";
export const tv = "M3 6h18v12H3zm5 15h8";
export const phone = "M7 3h10v18H7zm4 15h2";
export const monitor = "M3 4h18v12H3zm5 16h8m-4-4v4";
export const puzzle = "M10 4a2 2 0 1 1 4 0v2h4v4h-2a2 2 0 1 0 0 4h2v4H6v-4h2a2 2 0 1 0 0-4H6V6h4z";
export const bolt = "M13 3 5 14h6l-1 7 8-11h-6z";
export const mail = "M3 6h18v12H3zm0 0 9 7 9-7";
export const chat = "M4 5h16v11H9l-5 4z";
export const logout = "M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h10";
export const android = "M7 10h10v7a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1zm0-1a5 5 0 0 1 10 0zM9 5 8 3m7 2 1-2";
export const windows = "M4 5.5 11 4.5v7H4zm9-1.3 7-1.2v8.5h-7zM4 13h7v7l-7-1zm9 0h7v8l-7-1.2z";
export const magnet = "M6 4v8a6 6 0 0 0 12 0V4h-4v8a2 2 0 0 1-4 0V4zm0 4h4m4 0h4";
export const calendar = "M4 6h16v14H4zm0 4h16M8 3v4m8-4v4";
export const info = "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 8v6m0-9.5v.5";
export const arrow = "M5 12h14m-5-5 5 5-5 5";
