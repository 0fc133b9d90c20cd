import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { PERSON_USER_AGENT } from "./support/chromium.js";
import { expect as baseExpect, settled, test } from "./support/fixtures.js";
import { GENERATOR } from "./support/generator.js";
import { signUpInBrowser } from "./support/session.js";
import { pageErrors, SCREEN_SIZES, THEMES, themedContext } from "./support/themed-context.js";

// Screenshots of cloud download (the create dialog with a torrent's file list, the Tasks
// view, the URL checker) at 1440×900 and 390×844, light and dark:
// test-results/screenshots/cloud-<view>-<width>x<height>-<theme>.png. The offline answers
// are fixed here (page.route), so the pictures show every phase whatever the fetchers do.
const DIR = new URL("../test-results/screenshots/", import.meta.url);

// The shared CI machine is slow: give each look at the page time.
const expect = baseExpect.configure({ timeout: 60_000 });

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));
test.describe.configure({ timeout: 400_000 });

const MAGNET = "magnet:?xt=urn:btih:0123456789ABCDEF0123456789ABCDEF01234567&dn=Open%20Movie%20Pack";
const NOW = "2026-11-25T21:00:00.000Z";

function task(id: string, fields: Record<string, unknown>, params: Record<string, string>) {
  return {
    kind: "drive#task",
    id,
    type: "offline",
    name: "",
    phase: "PHASE_TYPE_RUNNING",
    progress: 0,
    file_id: "",
    file_name: "",
    file_size: "0",
    message: "",
    created_time: NOW,
    updated_time: NOW,
    ...fields,
    params,
  };
}

const TASKS = [
  task(
    "t1",
    { file_name: "Open Movie Pack", progress: 42, file_size: "1288490188" },
    { url: MAGNET, speed: "3355443", peers: "12", total_bytes: "1288490188", downloaded_bytes: "541165879" },
  ),
  task(
    "t2",
    {
      file_name: "ubuntu-24.04-desktop-amd64.iso",
      phase: "PHASE_TYPE_PAUSED",
      progress: 18,
      file_size: "6114656256",
    },
    {
      url: "https://releases.example.org/ubuntu-24.04-desktop-amd64.iso",
      total_bytes: "6114656256",
      downloaded_bytes: "1100638126",
    },
  ),
  task(
    "t3",
    {
      file_name: "annual-report.pdf",
      phase: "PHASE_TYPE_COMPLETE",
      progress: 100,
      file_id: "f1",
      file_size: "2411724",
    },
    { url: "https://example.com/annual-report.pdf", total_bytes: "2411724" },
  ),
  task(
    "t4",
    {
      file_name: "broken-link.zip",
      phase: "PHASE_TYPE_ERROR",
      progress: 0,
      message: "The server answered 404: the file is no longer there.",
    },
    { url: "https://example.net/broken-link.zip" },
  ),
  task(
    "t5",
    { file_name: "podcast-episode-13.mp3", phase: "PHASE_TYPE_PENDING" },
    { url: "https://example.com/p13.mp3" },
  ),
];

const RESOURCE = {
  url: MAGNET,
  status: "ok",
  name: "Open Movie Pack",
  file_size: "1288490188",
  folder: true,
  files: [
    { index: "0", path: "Open Movie Pack/Big Buck Bunny (1080p).mkv", size: "725614592" },
    { index: "1", path: "Open Movie Pack/Sintel (1080p).mkv", size: "512753664" },
    { index: "2", path: "Open Movie Pack/Subtitles/Sintel.en.srt", size: "38912" },
    { index: "3", path: "Open Movie Pack/README.txt", size: "2048" },
    { index: "4", path: "Open Movie Pack/poster.jpg", size: "49000000" },
  ],
};

async function mockOffline(page: Page) {
  await page.route(
    (url) => url.pathname === "/drive/v1/tasks",
    (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ json: { kind: "drive#taskList", tasks: TASKS, next_page_token: "" } })
        : route.fallback(),
  );
  await page.route(
    (url) => url.pathname === "/drive/v1/resource/list",
    (route) => route.fulfill({ json: { resources: [RESOURCE] } }),
  );
}

for (const viewport of SCREEN_SIZES) {
  test(
    `cloud download at ${viewport.width}×${viewport.height}, light and dark`,
    GENERATOR,
    async ({ browser, baseURL }) => {
      const seed = await browser.newContext({ userAgent: PERSON_USER_AGENT, baseURL });
      await signUpInBrowser(await seed.newPage());
      const cookies = await seed.cookies();
      await seed.close();
      const shot = (page: Page, name: string, theme: string) =>
        page.screenshot({
          path: new URL(`cloud-${name}-${viewport.width}x${viewport.height}-${theme}.png`, DIR).pathname,
        });
      for (const theme of THEMES) {
        const context = await themedContext(browser, baseURL ?? "", viewport, theme, { cookies });
        const page = await context.newPage();
        const errors = pageErrors(page);
        await mockOffline(page);

        await page.goto("/drive/tasks", { waitUntil: "networkidle" });
        const bars = page.locator(".task-list").getByRole("progressbar");
        await expect(bars).toHaveCount(TASKS.length);
        await expect(page.getByRole("progressbar", { name: /Open Movie Pack/ })).toHaveAttribute(
          "aria-valuenow",
          "42",
        );
        await settled(page);
        await shot(page, "tasks", theme);

        await page.goto(`/drive/all?${new URLSearchParams({ action: "create_task", url: MAGNET })}`, {
          waitUntil: "networkidle",
        });
        const dialog = page.getByRole("dialog", { name: "Cloud download" });
        await expect(dialog.getByLabel("Links, one per line")).toHaveValue(MAGNET);
        await shot(page, "dialog", theme);
        await dialog.getByRole("button", { name: "Download" }).click();
        await expect(dialog.getByRole("checkbox")).toHaveCount(RESOURCE.files.length);
        await dialog.getByRole("checkbox", { name: /README/ }).uncheck();
        await expect(dialog.getByText("4 of 5 files chosen")).toBeVisible();
        await shot(page, "dialog-files", theme);

        await page.goto(`/url-checker?${new URLSearchParams({ url: MAGNET })}`, {
          waitUntil: "networkidle",
        });
        await expect(page.getByText("5 files")).toBeVisible();
        await settled(page);
        await shot(page, "url-checker", theme);

        expect(errors, "no script errors").toEqual([]);
        await context.close();
      }
    },
  );
}
