/** What pages and layouts use of the platform wiring (the root mounts `PlatformRoot`). */
export { showChallenge } from "./captcha-challenge.js";
export { reloadForChunkError } from "./chunk-reload.js";
export { useSavedViewType } from "./display-mode-cookie.js";
export { type LayoutStateValue, useLayoutState } from "./layout-state.js";
export { usePageAction, usePageActions } from "./page-actions.js";
export { PlatformRoot } from "./platform-root.js";
export { useShowChallenge } from "./use-show-challenge.js";
