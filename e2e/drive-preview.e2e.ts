import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "./support/axe.js";
import { type SeededFile, skipGuide, uploadFile } from "./support/drive.js";
import { expect, gotoHydrated, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { listedNames, saveScreenshot } from "./support/uploads.js";

// Previewing as a new user: images (next/previous, zoom), a video streamed with seeking,
// the message for eac3 audio and for a format the browser cannot play, audio, code, PDF
// and an archive's contents (extracted into the folder); opened from the list and by
// `?action=open_file`, on desktop and phone.

let dir: string;

function ffmpeg(...args: string[]) {
  execFileSync("ffmpeg", ["-v", "error", ...args]);
}

/** A one-page PDF, its cross-reference offsets computed. */
function tinyPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 100 Td (Hello Nimbus) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nimbus-preview-e2e-"));
  const at = (name: string) => path.join(dir, name);
  ffmpeg("-f", "lavfi", "-i", "testsrc=size=800x600", "-frames:v", "1", "-y", at("sunrise.png"));
  ffmpeg("-f", "lavfi", "-i", "smptebars=size=640x480", "-frames:v", "1", "-y", at("bars.jpg"));
  const clip = (name: string, video: string[], audio: string[]) =>
    ffmpeg(
      ...["-f", "lavfi", "-i", "testsrc=duration=4:size=320x240:rate=25"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=4"],
      ...video,
      ...audio,
      "-shortest",
      "-y",
      at(name),
    );
  clip("clip.mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "+faststart"], ["-c:a", "aac"]);
  clip("dolby.mp4", ["-c:v", "libx264", "-pix_fmt", "yuv420p"], ["-c:a", "eac3"]);
  clip("old.avi", ["-c:v", "mpeg4"], ["-c:a", "libmp3lame"]);
  ffmpeg("-f", "lavfi", "-i", "sine=frequency=660:duration=3", "-y", at("tone.mp3"));
  writeFileSync(
    at("notes.ts"),
    'export const answer = 42;\n\nexport function greet(name: string) {\n  return "hi " + name;\n}\n',
  );
  writeFileSync(at("paper.pdf"), tinyPdf());
  mkdirSync(at("bundle/docs"), { recursive: true });
  writeFileSync(at("bundle/docs/readme.txt"), "read me");
  writeFileSync(at("bundle/top.txt"), "top");
  execFileSync("zip", ["-q", "-r", at("bundle.zip"), "docs", "top.txt"], { cwd: at("bundle") });
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

async function seed(page: Page, ...names: string[]): Promise<Record<string, SeededFile>> {
  const files: Record<string, SeededFile> = {};
  for (const name of names) files[name] = await uploadFile(page, name, readFileSync(path.join(dir, name)));
  return files;
}

/** Waits until the server's media job has probed a file (its `medias` are listed). */
async function waitForMedia(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/drive/v1/files/${id}`, { headers: WEB_CLIENT_HEADERS });
        return ((await response.json()) as { medias: unknown[] }).medias.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

function previewOf(page: Page, name?: string): Locator {
  return page.getByRole("dialog", name ? { name } : undefined).and(page.locator(".preview-dialog"));
}

/** Plays a video muted (no gesture is needed for that), then seeks: the stream answers ranges. */
async function playAndSeek(video: Locator) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
    .toBeGreaterThanOrEqual(2);
  const played = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 600));
    return element.currentTime;
  });
  expect(played).toBeGreaterThan(0);
  const seeked = await video.evaluate(async (element: HTMLVideoElement) => {
    const done = new Promise((resolve) => element.addEventListener("seeked", resolve, { once: true }));
    element.currentTime = 3;
    await done;
    return element.currentTime;
  });
  expect(seeked).toBeGreaterThanOrEqual(2.9);
}

test("images, video, audio, code, PDF and archives", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpInBrowser(page);
  const files = await seed(
    page,
    "bundle.zip",
    "paper.pdf",
    "notes.ts",
    "tone.mp3",
    "old.avi",
    "dolby.mp4",
    "clip.mp4",
    "bars.jpg",
    "sunrise.png",
  );

  // From the list: a double click opens the preview, next/previous walk the folder.
  // Before the page runs its cards are static (StaticCards): a double click there opens nothing.
  await gotoHydrated(page, "/drive/all");
  await expect.poll(() => listedNames(page)).toContain("sunrise.png");
  await page.getByRole("grid").locator(".file-item", { hasText: "sunrise.png" }).dblclick();
  const image = previewOf(page, "sunrise.png");
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(800);
  await image.getByRole("button", { name: "Zoom in" }).click();
  await expect(image.locator("output")).toHaveText("125%");
  await page.keyboard.press("+");
  await expect(image.locator("output")).toHaveText("156%");
  await image.getByRole("button", { name: "Fit to window" }).click();
  await expect(image.locator("output")).toHaveText("100%");
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "preview-image", { width: 1440, height: 900 });
  await page.getByRole("button", { name: "Next file" }).click();
  await expect(previewOf(page, "bars.jpg")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(previewOf(page, "sunrise.png")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.locator(".preview-dialog")).toHaveCount(0);

  // By page action: a video streams and seeks.
  await page.goto(`/drive/all?action=open_file&file_id=${files["clip.mp4"]?.id}`);
  const clip = previewOf(page, "clip.mp4");
  await expect(clip).toBeVisible();
  await playAndSeek(clip.locator("video"));
  await saveScreenshot(page, "preview-video", { width: 1440, height: 900 });
  // Download: the bytes are the file's.
  const href = await clip.getByRole("link", { name: "Download" }).getAttribute("href");
  const downloaded = await (await page.request.get(href ?? "")).body();
  expect(downloaded.equals(readFileSync(path.join(dir, "clip.mp4")))).toBe(true);
  await clip.getByRole("button", { name: "Close the preview" }).click();
  await expect(page).not.toHaveURL(/action=open_file/);

  // eac3 audio and an old codec play converted for this browser (issue 31), no longer refused.
  await waitForMedia(page, files["dolby.mp4"]?.id ?? "");
  await page.goto(`/drive/all?action=open_file&file_id=${files["dolby.mp4"]?.id}`);
  await expect(previewOf(page, "dolby.mp4").getByText("Converted for this browser")).toBeVisible();
  await saveScreenshot(page, "preview-eac3", { width: 1440, height: 900 });
  await waitForMedia(page, files["old.avi"]?.id ?? "");
  await page.goto(`/drive/all?action=open_file&file_id=${files["old.avi"]?.id}`);
  await expect(previewOf(page, "old.avi").getByText("Converted for this browser")).toBeVisible();

  // Audio, code and PDF.
  await page.goto(`/drive/all?action=open_file&file_id=${files["tone.mp3"]?.id}`);
  const audio = previewOf(page, "tone.mp3").locator("audio");
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.readyState))
    .toBeGreaterThanOrEqual(1);
  await page.goto(`/drive/all?action=open_file&file_id=${files["notes.ts"]?.id}`);
  const code = previewOf(page, "notes.ts").getByRole("region", { name: "notes.ts" });
  await expect(code).toContainText("export const answer = 42;");
  await expect(code.locator(".preview-line")).toHaveCount(5);
  await page.goto(`/drive/all?action=open_file&file_id=${files["paper.pdf"]?.id}`);
  await expect(previewOf(page, "paper.pdf").locator("iframe")).toHaveAttribute("src", /^blob:/);

  // An archive lists its entries and extracts into its folder.
  await page.goto(`/drive/all?action=open_file&file_id=${files["bundle.zip"]?.id}`);
  const archive = previewOf(page, "bundle.zip");
  await expect(archive.getByText("Items: 3")).toBeVisible();
  await expect(archive.locator(".preview-archive-name")).toHaveText(["docs", "readme.txt", "top.txt"]);
  await saveScreenshot(page, "preview-archive", { width: 1440, height: 900 });
  await archive.getByRole("button", { name: "Extract here" }).click();
  await expect(archive.getByText("Extracted into this folder.")).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press("Escape");
  await expect.poll(() => listedNames(page)).toEqual(expect.arrayContaining(["docs", "top.txt"]));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("an image with next and previous, and a video", async ({ page }) => {
    test.setTimeout(60_000);
    await signUpInBrowser(page);
    const files = await seed(page, "clip.mp4", "bars.jpg", "sunrise.png");
    await gotoHydrated(page, "/drive/all");
    await expect.poll(() => listedNames(page)).toContain("sunrise.png");
    await page.getByRole("grid").locator(".file-item", { hasText: "sunrise.png" }).dblclick();
    const image = previewOf(page, "sunrise.png");
    await expect(image).toBeVisible();
    const box = await image.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect
      .poll(() => image.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(800);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "preview-image", { width: 390, height: 844 });
    await page.getByRole("button", { name: "Next file" }).tap();
    await expect(previewOf(page, "bars.jpg")).toBeVisible();
    await page.getByRole("button", { name: "Previous file" }).tap();
    await expect(previewOf(page, "sunrise.png")).toBeVisible();

    await page.goto(`/drive/all?action=open_file&file_id=${files["clip.mp4"]?.id}`);
    const clip = previewOf(page, "clip.mp4");
    await playAndSeek(clip.locator("video"));
    await saveScreenshot(page, "preview-video", { width: 390, height: 844 });
  });
});
