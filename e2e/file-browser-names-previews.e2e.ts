import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { skipGuide, uploadFile } from "./support/drive.js";
import { screenshotsOf } from "./support/file-browser.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser } from "./support/session.js";

// A rename onto a taken name asks (choose another name, keep both, cancel) instead of
// silently numbering; long names keep their extension visible; the PDF preview has no
// second toolbar; on a phone the video's seek bar is not under the previous/next arrows.
// Screenshots: test-results/screenshots/file-browser-rename-clash-… and file-browser-video-….

const LONG = "quarterly-financial-report-for-the-board-final-version-approved.pdf";

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

async function renameTo(page: Page, from: string, to: string) {
  await page.getByRole("grid").locator(".file-item", { hasText: from }).click({ button: "right" });
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const field = page.getByRole("textbox", { name: "New name" });
  await field.fill(to);
  await field.press("Enter");
}

test("a rename onto a taken name asks: choose another name, keep both, or cancel", async ({ page }) => {
  await signUpInBrowser(page);
  await uploadFile(page, "report.txt", Buffer.from("a"));
  await uploadFile(page, "draft.txt", Buffer.from("b"));
  await page.goto("/drive/all?view=list");
  const names = page.getByRole("grid").locator(".file-name");
  await expect(names).toHaveCount(2);

  await renameTo(page, "draft.txt", "report.txt");
  const dialog = page.getByRole("dialog", { name: /report\.txt.*” already exists/ });
  await expect(dialog).toBeVisible();
  // The safe answer has the focus (a keyboard user answers it at once with Enter).
  await expect(dialog.getByRole("button", { name: "Choose another name" })).toBeFocused();
  // Nothing was numbered behind the person's back.
  await expect(names).toHaveText(["draft.txt", "report.txt"]);

  // Choose another name: the name field opens again.
  await dialog.getByRole("button", { name: "Choose another name" }).click();
  const field = page.getByRole("textbox", { name: "New name" });
  await expect(field).toBeFocused();
  await field.fill("draft-2.txt");
  await field.press("Enter");
  await expect(names).toHaveText(["draft-2.txt", "report.txt"]);

  // Cancel leaves the name as it was.
  await renameTo(page, "draft-2.txt", "report.txt");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(names).toHaveText(["draft-2.txt", "report.txt"]);

  // Keep both: the server numbers the renamed one.
  await renameTo(page, "draft-2.txt", "report.txt");
  await dialog.getByRole("button", { name: "Keep both" }).click();
  await expect(names).toHaveText(["report (1).txt", "report.txt"]);
  await page.reload();
  await expect(names).toHaveText(["report (1).txt", "report.txt"]);
});

test("a long name is cut in the middle: the extension stays visible, the full name is its title", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpInBrowser(page);
  await uploadFile(page, LONG, Buffer.from("%PDF-1.4"));
  await page.goto("/drive/all?view=list");
  const name = page.getByRole("grid").locator(".file-name").first();
  await expect(name).toHaveAttribute("title", LONG);
  await expect(name.locator(".name-tail")).toHaveText(".pdf");
  await expect(name.locator(".name-tail")).toBeInViewport({ ratio: 1 });
  // The head is what gets cut.
  const head = name.locator(".name-head");
  expect(await head.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(name).toHaveText(LONG);
});

test("a text file's card shows its first lines as a thumbnail", async ({ page }) => {
  await signUpInBrowser(page);
  const notes = await uploadFile(page, "notes.txt", Buffer.from("Shopping list\n- apples\n- bread\n"));
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/drive/v1/files/${notes.id}`)).json()) as { thumbnail_link: string })
          .thumbnail_link,
      { timeout: 20_000 },
    )
    .not.toBe("");
  await page.goto("/drive/all?view=grid");
  const thumb = page.locator(".file-card", { hasText: "notes.txt" }).locator("img.file-thumb");
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
});

test("the PDF preview shows the document without the viewer's own toolbar", async ({ page }) => {
  await signUpInBrowser(page);
  const pdf = await uploadFile(page, "paper.pdf", Buffer.from("%PDF-1.4\n%%EOF\n"));
  await page.goto(`/drive/all?action=open_file&file_id=${pdf.id}`);
  const frame = page.locator(".preview-dialog iframe");
  await expect(frame).toHaveAttribute("src", /^blob:.*#toolbar=0&navpanes=0$/);
  await expect(frame).toHaveAttribute("title", "paper.pdf");
});

test.describe("on a phone", () => {
  let dir = "";
  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "nimbus-fb-e2e-"));
    execFileSync("ffmpeg", [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc=duration=2:size=640x360:rate=25"],
      ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-y"],
      path.join(dir, "clip.mp4"),
    ]);
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the video's controls end above the previous/next arrows; screenshots", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const seedContext = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT });
    const seed = await seedContext.newPage();
    await signUpInBrowser(seed);
    const bytes = readFileSync(path.join(dir, "clip.mp4"));
    await uploadFile(seed, "a-clip.mp4", bytes);
    await uploadFile(seed, "b-clip.mp4", bytes);
    await uploadFile(seed, "c-clip.mp4", bytes);
    await uploadFile(seed, "report.txt", Buffer.from("a"));
    await uploadFile(
      seed,
      "notes.txt",
      Buffer.from("Meeting notes\n\n1. Budget for Q3\n2. Hiring plan\n3. Office move\n"),
    );
    const cookies = await seedContext.cookies();
    await seedContext.close();

    await screenshotsOf(
      browser,
      baseURL ?? "",
      cookies,
      "file-browser-video",
      "/drive/all?view=list",
      async (page, phone) => {
        // Opened from the list, so the preview has its neighbours (previous/next).
        const row = page.getByRole("grid").locator(".file-item", { hasText: "b-clip.mp4" });
        if (phone) await row.tap();
        else await row.dblclick();
        const video = page.locator(".preview-dialog video");
        await expect(video).toBeVisible();
        await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThan(0);
        const next = page.getByRole("button", { name: "Next file" });
        await expect(next).toBeVisible();
        if (!phone) return;
        const videoBox = await video.boundingBox();
        const arrowBox = await next.boundingBox();
        expect(videoBox && arrowBox && videoBox.y + videoBox.height <= arrowBox.y).toBe(true);
      },
    );
    await screenshotsOf(
      browser,
      baseURL ?? "",
      cookies,
      "file-browser-rename-clash",
      "/drive/all?view=list",
      async (page) => {
        await renameTo(page, "notes.txt", "report.txt");
        await expect(page.getByRole("dialog", { name: /report\.txt.*” already exists/ })).toBeVisible();
      },
    );
  });
});
