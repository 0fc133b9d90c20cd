import { mkdirSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";

const SCREENSHOTS = new URL("../../test-results/screenshots/", import.meta.url);

/** The upload panel. */
export function uploadPanel(page: Page): Locator {
  return page.locator(".upload-panel");
}

/** The panel's row of one file (its path inside a folder upload). */
export function fileRow(panel: Locator, name: string): Locator {
  return panel.locator(".upload-row").filter({ has: panel.page().getByText(name, { exact: true }) });
}

/** The names the file list shows. */
export function listedNames(page: Page): Promise<string[]> {
  return page.locator("main .file-name").allTextContents();
}

/** Drags files from "the desktop" onto the page: a data transfer built in the page, as the browser gives one. */
export async function dropFiles(page: Page, files: { name: string; text: string }[]): Promise<void> {
  await page.evaluate(async (list) => {
    const transfer = new DataTransfer();
    for (const { name, text } of list) transfer.items.add(new File([text], name, { type: "text/plain" }));
    const target = document.querySelector("main") ?? document.body;
    for (const type of ["dragenter", "dragover"]) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }
    for (let wait = 0; wait < 50 && !document.querySelector("[data-testid=upload-drop-zone]"); wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (!document.querySelector("[data-testid=upload-drop-zone]"))
      throw new Error("the drop zone did not show");
    target.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

/**
 * Drags files or folders from the disk onto the page through the browser's own drag
 * and drop (DevTools protocol), so folders arrive as folder entries.
 */
export async function dropPaths(page: Page, paths: string[]): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const viewport = page.viewportSize() ?? { width: 1280, height: 720 };
  const point = { x: Math.round(viewport.width / 2), y: Math.round(viewport.height / 2) };
  const data = { items: [], files: paths, dragOperationsMask: 1 };
  for (const type of ["dragEnter", "dragOver", "drop"] as const) {
    await cdp.send("Input.dispatchDragEvent", { type, ...point, data });
  }
  await cdp.detach();
}

/** A screenshot in the light and the dark theme: test-results/screenshots/<name>-<w>x<h>-<theme>.png. */
export async function saveScreenshot(page: Page, name: string, viewport: { width: number; height: number }) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = await page.evaluate(() => document.documentElement.dataset.theme ?? "system");
  for (const theme of ["light", "dark"]) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
    }, theme);
    const file = new URL(`${name}-${viewport.width}x${viewport.height}-${theme}.png`, SCREENSHOTS);
    await page.screenshot({ path: file.pathname });
  }
  await page.evaluate((value) => {
    document.documentElement.dataset.theme = value;
  }, original);
}
