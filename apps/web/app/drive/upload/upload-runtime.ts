// The upload code loaded on first use (by `upload-host.tsx`): queue, panel and drop reading.
export { readDropped } from "./dropped-items.js";
export { getUploadQueue } from "./page-queue.js";
export { UploadPanel } from "./upload-panel.js";
