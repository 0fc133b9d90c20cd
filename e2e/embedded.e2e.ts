import type { Frame, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";
import { configuredParentSite, startParentSite } from "./support/parent-page.js";

// The parent site the server's EMBED_PARENT_ORIGINS names (see global-setup.ts).
const parent = configuredParentSite();

/** Opens the parent site framing `path` of Nimbus with `?origin=`; waits for embedded mode. */
async function framed(page: Page, baseURL: string, path: string, origin = parent.origin): Promise<Frame> {
  const src = `${baseURL}${path}${path.includes("?") ? "&" : "?"}origin=${encodeURIComponent(origin)}`;
  await page.goto(parent.url(src));
  const frame = page.frame({ name: "nimbus" });
  if (!frame) throw new Error("no nimbus frame");
  await frame.waitForLoadState();
  return frame;
}

/**
 * Adds a link to the framed page and clicks it. The click is dispatched on the
 * link itself: the drive's first-visit guide may cover the page.
 */
async function clickLink(frame: Frame, href: string, target?: string) {
  await frame.evaluate(
    ([link, linkTarget]) => {
      const a = document.createElement("a");
      a.href = link ?? "";
      a.textContent = "test link";
      a.id = "embedded-test-link";
      if (linkTarget) a.target = linkTarget;
      document.querySelector("main")?.prepend(a);
    },
    [href, target],
  );
  await frame.locator("#embedded-test-link").dispatchEvent("click", { button: 0 });
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: { origin: string; data: unknown }[] }).received);

test("a drive action link is posted to the parent and not followed", async ({ page, baseURL }) => {
  const frame = await framed(page, baseURL ?? "", "/drive/all");
  await expect(frame.locator("html")).toHaveAttribute("data-embedded", "true");
  const before = frame.url();
  await clickLink(frame, "/drive/all?action=show_storage_dialog&from=e2e");
  await expect
    .poll(() => received(page))
    .toEqual([
      { origin: new URL(baseURL ?? "").origin, data: { action: "show_storage_dialog", from: "e2e" } },
    ]);
  expect(frame.url()).toBe(before);
});

test("a feedback link posts open_feedback", async ({ page, baseURL }) => {
  const frame = await framed(page, baseURL ?? "", "/drive/all");
  await expect(frame.locator("html")).toHaveAttribute("data-embedded", "true");
  await clickLink(frame, "/drive/feedback");
  await expect
    .poll(() => received(page))
    .toEqual([{ origin: new URL(baseURL ?? "").origin, data: { action: "open_feedback" } }]);
  expect(new URL(frame.url()).pathname).toBe("/drive/all");
});

test("actions the drive handles itself (open_file) are followed, not posted", async ({ page, baseURL }) => {
  const frame = await framed(page, baseURL ?? "", "/drive/all");
  await expect(frame.locator("html")).toHaveAttribute("data-embedded", "true");
  await clickLink(frame, "/drive/recent?action=open_file&file_id=f1");
  await expect.poll(() => new URL(frame.url()).pathname).toBe("/drive/recent");
  expect(await received(page)).toEqual([]);
});

test("a _blank link opens a new window instead of navigating the frame", async ({ page, baseURL }) => {
  const frame = await framed(page, baseURL ?? "", "/drive/all");
  await expect(frame.locator("html")).toHaveAttribute("data-embedded", "true");
  const popup = page.waitForEvent("popup");
  await clickLink(frame, "/en-US/help-center", "_blank");
  const opened = await popup;
  await opened.waitForLoadState();
  expect(new URL(opened.url()).pathname).toBe("/en-US/help-center");
  expect(new URL(frame.url()).pathname).toBe("/drive/all");
  expect(await received(page)).toEqual([]);
});

test("without an origin parameter a framed page is not embedded", async ({ page, baseURL }) => {
  await page.goto(parent.url(`${baseURL}/drive/all`));
  const frame = page.frame({ name: "nimbus" });
  if (!frame) throw new Error("no nimbus frame");
  await frame.waitForLoadState("networkidle");
  await expect(frame.locator("html")).not.toHaveAttribute("data-embedded", "true");
  await clickLink(frame, "/drive/recent?action=show_storage_dialog");
  await expect.poll(() => new URL(frame.url()).pathname).toBe("/drive/recent");
  expect(await received(page)).toEqual([]);
});

test("the top-level page with ?origin= is not embedded either", async ({ page }) => {
  await page.goto(`/drive/all?origin=${encodeURIComponent(parent.origin)}`);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).not.toHaveAttribute("data-embedded", "true");
});

test("a site that EMBED_PARENT_ORIGINS does not name cannot frame Nimbus", async ({
  page,
  baseURL,
  cspViolations,
}) => {
  const stranger = await startParentSite();
  try {
    await page.goto(stranger.url(`${baseURL}/drive/all?origin=${encodeURIComponent(stranger.origin)}`));
    await expect.poll(() => cspViolations.some((text) => /frame-ancestors/.test(text))).toBe(true);
    const frame = page.frame({ name: "nimbus" });
    expect(await frame?.locator("#main").count()).toBe(0);
    expect(await received(page)).toEqual([]);
    cspViolations.length = 0;
  } finally {
    await stranger.close();
  }
});
