import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { seriousViolations } from "./support/axe.js";
import { skipGuide } from "./support/drive.js";
import { expect, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import {
  dropFiles,
  dropPaths,
  fileRow,
  listedNames,
  saveScreenshot,
  uploadPanel,
} from "./support/uploads.js";

// Uploading as a new user: three files and a folder by the pickers and by drag-and-drop,
// progress to the end, instant uploads, pause, resume, cancel and retry, a reload in the
// middle of a big upload that then continues from the server's offset, on desktop and phone.

const MiB = 1024 * 1024;
// Blobs are shared by content across users: unique bytes keep "uploaded" from turning "instant".
const RUN = randomBytes(8).toString("hex");
let dir: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nimbus-upload-e2e-"));
  for (const name of ["one.txt", "two.txt", "three.txt"])
    writeFileSync(path.join(dir, name), `${name} ${RUN}\n`.repeat(50));
  mkdirSync(path.join(dir, "album", "2024"), { recursive: true });
  writeFileSync(path.join(dir, "album", "cover.txt"), `cover ${RUN}`);
  writeFileSync(path.join(dir, "album", "2024", "summer.txt"), `summer ${RUN}`);
  mkdirSync(path.join(dir, "dropped", "inner"), { recursive: true });
  writeFileSync(path.join(dir, "dropped", "top.txt"), `top ${RUN}`);
  writeFileSync(path.join(dir, "dropped", "inner", "deep.txt"), `deep ${RUN}`);
  // Bigger than one tus PATCH (32 MiB), so a reload can fall between two of them.
  writeFileSync(path.join(dir, "big.bin"), randomBytes(40 * MiB));
  writeFileSync(path.join(dir, "medium.bin"), randomBytes(3 * MiB));
  writeFileSync(path.join(dir, "second.bin"), randomBytes(2 * MiB));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

async function pickFiles(page: Page, kind: "files" | "folder", paths: string[]) {
  await page.getByRole("banner").getByRole("button", { name: "Upload", exact: true }).click();
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: kind === "files" ? "Upload files" : "Upload a folder" }).click();
  await (await chooser).setFiles(paths);
}

test("three files and a folder by the pickers and by drag-and-drop", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUpInBrowser(page);
  await page.goto("/drive/all");

  await pickFiles(
    page,
    "files",
    ["one.txt", "two.txt", "three.txt"].map((name) => path.join(dir, name)),
  );
  const panel = uploadPanel(page);
  await expect(panel.getByRole("heading", { name: "3 uploads complete" })).toBeVisible();
  for (const name of ["one.txt", "two.txt", "three.txt"]) {
    await expect(fileRow(panel, name)).toContainText("Uploaded");
    await expect(fileRow(panel, name).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  }
  await expect(panel.getByRole("progressbar", { name: "Overall upload progress" })).toHaveAttribute(
    "aria-valuenow",
    "100",
  );
  // The list shows them without a reload (the panel tells it the folder changed).
  await expect
    .poll(() => listedNames(page))
    .toEqual(expect.arrayContaining(["one.txt", "two.txt", "three.txt"]));

  // A folder by the picker: its folders are made on the server from the relative paths.
  await pickFiles(page, "folder", [path.join(dir, "album")]);
  await expect(fileRow(panel, "album/2024/summer.txt")).toContainText("Uploaded");
  await expect(fileRow(panel, "album/cover.txt")).toContainText("Uploaded");
  await expect.poll(() => listedNames(page)).toContain("album");

  // Files dropped from the desktop: the drop zone shows while they are over the page.
  await dropFiles(page, [
    { name: "dropped-a.txt", text: `a ${RUN}` },
    { name: "dropped-b.txt", text: `b ${RUN}` },
    { name: "dropped-c.txt", text: `c ${RUN}` },
  ]);
  for (const name of ["dropped-a.txt", "dropped-b.txt", "dropped-c.txt"]) {
    await expect(fileRow(panel, name)).toContainText("Uploaded");
  }
  // A folder dropped from the desktop keeps its tree.
  await dropPaths(page, [path.join(dir, "dropped")]);
  await expect(fileRow(panel, "dropped/inner/deep.txt")).toContainText("Uploaded");
  await expect(fileRow(panel, "dropped/top.txt")).toContainText("Uploaded");
  await expect.poll(() => listedNames(page)).toContain("dropped");

  // Bytes the cloud already holds complete at once, shown as instant uploads.
  await dropFiles(page, [{ name: "copy-of-one.txt", text: `one.txt ${RUN}\n`.repeat(50) }]);
  await expect(fileRow(panel, "copy-of-one.txt")).toContainText("Instant upload");

  // Inside the uploaded folder: its subfolder and file.
  await page.getByRole("grid").locator(".file-item", { hasText: "album" }).dblclick();
  await expect.poll(() => listedNames(page)).toEqual(expect.arrayContaining(["2024", "cover.txt"]));

  // The storage shown beside the list follows the uploads.
  await expect(
    page.getByRole("complementary", { name: "Drive" }).getByText(/^[\d.]+ KB of 6 GB used$/),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "upload-panel", { width: 1440, height: 900 });

  // Closing clears the finished rows.
  await panel.getByRole("button", { name: "Close and clear finished uploads" }).click();
  await expect(panel).toHaveCount(0);
});

/** Holds tus PATCH requests until released; the rest pass. */
function holdPatches(page: Page) {
  const held: Route[] = [];
  let hold = true;
  const ready = page.route("**/drive/v1/uploads/tus/**", async (route) => {
    if (route.request().method() === "PATCH" && hold) held.push(route);
    else await route.continue();
  });
  return {
    ready,
    held,
    release: async () => {
      hold = false;
      for (const route of held.splice(0)) await route.continue();
    },
    holdAgain: () => {
      hold = true;
    },
  };
}

test("pause, resume, cancel and retry", async ({ page }) => {
  test.setTimeout(90_000);
  await signUpInBrowser(page);
  await page.goto("/drive/all");
  const gate = holdPatches(page);
  await gate.ready;
  const panel = uploadPanel(page);

  await pickFiles(page, "files", [path.join(dir, "medium.bin")]);
  const row = fileRow(panel, "medium.bin");
  await expect.poll(() => gate.held.length, { timeout: 15_000 }).toBe(1);
  await expect(row).toContainText("of 3 MB");
  await row.getByRole("button", { name: "Pause medium.bin" }).click();
  await expect(row).toContainText("Paused");
  gate.held.splice(0); // the paused request was aborted by the page
  await gate.release();
  await row.getByRole("button", { name: "Resume medium.bin" }).click();
  await expect(row).toContainText("Uploaded · 3 MB");

  // Cancel ends the upload on the server (tus DELETE).
  gate.holdAgain();
  const deleted = page.waitForRequest(
    (request) => request.method() === "DELETE" && request.url().includes("/drive/v1/uploads/tus/"),
  );
  await pickFiles(page, "files", [path.join(dir, "second.bin")]);
  const second = fileRow(panel, "second.bin");
  await expect.poll(() => gate.held.length, { timeout: 15_000 }).toBe(1);
  await second.getByRole("button", { name: "Cancel second.bin" }).click();
  await expect(second).toContainText("Cancelled");
  expect((await (await deleted).response())?.status()).toBe(204);
  gate.held.splice(0);
  await gate.release();

  // A refused PATCH fails the row with the server's text; retry sends it again.
  await page.unroute("**/drive/v1/uploads/tus/**");
  let refused = false;
  await page.route("**/drive/v1/uploads/tus/**", async (route) => {
    if (route.request().method() === "PATCH" && !refused) {
      refused = true;
      await route.fulfill({
        status: 400,
        contentType: "application/json",
        headers: { "tus-resumable": "1.0.0" },
        body: JSON.stringify({
          error: "invalid_argument",
          error_code: 3,
          error_description: "Try that again later",
        }),
      });
    } else await route.continue();
  });
  await dropFiles(page, [{ name: "retry-me.txt", text: `retry ${RUN} `.repeat(1000) }]);
  const retried = fileRow(panel, "retry-me.txt");
  await expect(retried).toContainText("Try that again later");
  await retried.getByRole("button", { name: "Retry retry-me.txt" }).click();
  await expect(retried).toContainText("Uploaded");
});

test("a reload in the middle of an upload continues from the server's offset", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page);
  await page.goto("/drive/all");
  // The first 32 MiB PATCH passes; the second is held, then the page reloads under it.
  const offsets: number[] = [];
  let holding = true;
  await page.route("**/drive/v1/uploads/tus/**", async (route) => {
    const request = route.request();
    if (request.method() !== "PATCH") return route.continue();
    const offset = Number(request.headers()["upload-offset"]);
    offsets.push(offset);
    if (offset > 0 && holding) return; // never answered: the reload drops it
    await route.continue();
  });
  const panel = uploadPanel(page);
  await pickFiles(page, "files", [path.join(dir, "big.bin")]);
  await expect.poll(() => offsets.includes(32 * MiB), { timeout: 60_000 }).toBe(true);
  await expect(fileRow(panel, "big.bin")).toContainText("of 40 MB");

  holding = false;
  await page.reload();
  await expect(panel.getByRole("heading", { name: "Uploads interrupted" })).toBeVisible();
  const row = fileRow(panel, "big.bin");
  await expect(row).toContainText("Interrupted at");

  const creates: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/drive/v1/files")
      creates.push(request.url());
  });
  const chooser = page.waitForEvent("filechooser");
  await row.getByRole("button", { name: "Choose big.bin again to continue" }).click();
  await (await chooser).setFiles(path.join(dir, "big.bin"));
  await expect(row).toContainText("Uploaded · 40 MB", { timeout: 60_000 });
  // It went on from the bytes the server had, without starting a new upload.
  expect(offsets.at(-1)).toBe(32 * MiB);
  expect(creates).toEqual([]);

  // The stored file is the original, byte for byte.
  const listing = await page.request.get("/drive/v1/files?limit=100", { headers: WEB_CLIENT_HEADERS });
  const file = ((await listing.json()) as { files: { name: string; web_content_link: string }[] }).files.find(
    (entry) => entry.name === "big.bin",
  );
  expect(file).toBeDefined();
  const link = new URL(file?.web_content_link ?? "");
  const body = await (await page.request.get(link.pathname + link.search)).body();
  const original = createHash("sha256")
    .update(readFileSync(path.join(dir, "big.bin")))
    .digest("hex");
  expect(createHash("sha256").update(body).digest("hex")).toBe(original);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("upload by the picker and by drag-and-drop, with the panel as a bottom sheet", async ({ page }) => {
    test.setTimeout(60_000);
    await signUpInBrowser(page);
    await page.goto("/drive/all");
    await pickFiles(
      page,
      "files",
      ["one.txt", "two.txt", "three.txt"].map((name) => path.join(dir, name)),
    );
    const panel = uploadPanel(page);
    await expect(panel.getByRole("heading", { name: "3 uploads complete" })).toBeVisible();
    await dropFiles(page, [{ name: "phone-drop.txt", text: `from a phone ${RUN}` }]);
    await expect(fileRow(panel, "phone-drop.txt")).toContainText("Uploaded");
    const box = await panel.boundingBox();
    expect(box?.width).toBe(390);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(844, 0);
    await expect.poll(() => listedNames(page)).toEqual(expect.arrayContaining(["one.txt", "phone-drop.txt"]));
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, "upload-panel", { width: 390, height: 844 });
  });
});
