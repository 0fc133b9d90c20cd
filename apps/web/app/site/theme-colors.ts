/** The page colour of each theme (`--bg` in styles/global.css): the manifest's and the browser bar's. */
export const THEME_COLORS = { light: "#ffffff", dark: "#10131a" } as const;
