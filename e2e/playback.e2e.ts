import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "./support/axe.js";
import { createFolder, type SeededFile, skipGuide, uploadFile } from "./support/drive.js";
import { catalogue, expect, gotoHydrated, test } from "./support/fixtures.js";
import { signUpInBrowser, WEB_CLIENT_HEADERS } from "./support/session.js";
import { saveScreenshot } from "./support/uploads.js";

// Issue 31: what torrents carry plays in the browser. An HEVC + E-AC-3 Matroska with two
// audio tracks and an embedded SubRip track — which Debian's Chromium decodes neither
// picture nor sound of — opened from the drive and from a share page: it plays (converted
// on demand), seeks to 80 %, shows a subtitle cue, switches audio track, and resumes where
// it was after a reload; the phone layout keeps every control on screen.

const en = catalogue("en-US");
const DURATION = 30;
/** The long film: 80 % lies far past hls.js's 30 s buffer, so the seek asks segments nobody made yet. */
const LONG = 120;
let dir: string;

function ffmpeg(...args: string[]) {
  execFileSync("ffmpeg", ["-v", "error", ...args]);
}

/** One cue every 2 s for the whole clip, so a cue is showing wherever the test looks. */
function subrip(): string {
  const at = (s: number) =>
    `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")},000`;
  const cues: string[] = [];
  for (let s = 0, n = 1; s < DURATION; s += 2, n++)
    cues.push(`${n}\n${at(s)} --> ${at(s + 2)}\nLine ${n} from Nimbus\n`);
  return cues.join("\n");
}

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "nimbus-playback-e2e-"));
  const at = (name: string) => path.join(dir, name);
  writeFileSync(at("movie.srt"), subrip());
  // Noise on the test card, so the encoder has real work; two E-AC-3 tracks (eng 440 Hz, jpn 880 Hz).
  ffmpeg(
    ...["-f", "lavfi", "-i", `testsrc2=duration=${DURATION}:size=640x360:rate=25,noise=alls=20:allf=t`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${DURATION}`],
    ...["-f", "lavfi", "-i", `sine=frequency=880:duration=${DURATION}`],
    ...["-i", at("movie.srt")],
    ...["-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s"],
    ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
    ...["-c:a", "eac3", "-b:a", "96k", "-c:s", "srt"],
    ...[
      "-metadata:s:a:0",
      "language=eng",
      "-metadata:s:a:1",
      "language=jpn",
      "-metadata:s:s:0",
      "language=eng",
    ],
    ...["-y", at("movie.mkv")],
  );
  ffmpeg(
    ...["-f", "lavfi", "-i", `testsrc2=duration=${LONG}:size=640x360:rate=25`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${LONG}`],
    ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1"],
    ...["-c:a", "eac3", "-b:a", "96k", "-y", at("long.mkv")],
  );
  ffmpeg(
    ...["-f", "lavfi", "-i", "testsrc=duration=6:size=320x240:rate=25"],
    ...["-f", "lavfi", "-i", "sine=frequency=550:duration=6"],
    ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y", at("sequel.mp4")],
  );
  ffmpeg("-f", "lavfi", "-i", "sine=frequency=660:duration=2", "-y", at("1 one.mp3"));
  ffmpeg("-f", "lavfi", "-i", "sine=frequency=330:duration=2", "-y", at("2 two.mp3"));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  await skipGuide(page);
});

/** Waits until the server's media job has probed a file (its `medias` are listed). */
async function waitForMedia(page: Page, id: string) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/drive/v1/files/${id}`, { headers: WEB_CLIENT_HEADERS });
        return ((await response.json()) as { medias: unknown[] }).medias.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

async function seed(page: Page): Promise<{ folder: SeededFile; movie: SeededFile; next: SeededFile }> {
  await signUpInBrowser(page);
  const folder = await createFolder(page, "Films");
  // "sequel" after "movie" by name, and uploaded first so the newest-first order agrees.
  const next = await uploadFile(page, "sequel.mp4", readFileSync(path.join(dir, "sequel.mp4")), folder.id);
  const movie = await uploadFile(page, "movie.mkv", readFileSync(path.join(dir, "movie.mkv")), folder.id);
  await waitForMedia(page, movie.id);
  return { folder, movie, next };
}

const currentTime = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.currentTime);

/** Starts playback if the browser refused to autoplay with sound (a click is a user gesture). */
async function ensurePlaying(player: Locator) {
  const toggle = player.getByRole("button", {
    name: new RegExp(`^(${en["player.play"]}|${en["player.pause"]})$`),
  });
  await expect(toggle).toBeVisible({ timeout: 20_000 });
  if (await player.locator(".player-media").evaluate((element: HTMLMediaElement) => element.paused))
    await player.getByRole("button", { name: en["player.play"], exact: true }).click();
}

/**
 * Plays until the time moves. Autoplay can start, stall while the first segments are made on a
 * loaded machine, and end paused (CI: two browsers beside ffmpeg on 2 cores): play is pressed
 * again until it moves.
 */
async function playUntilTimeMoves(player: Locator, video: Locator) {
  await expect(async () => {
    await ensurePlaying(player);
    expect(await currentTime(video)).toBeGreaterThan(0);
  }).toPass({ timeout: 45_000, intervals: [100, 250, 500, 1_000] });
}

/** The video plays: its time moves past `from` by at least a second. */
async function expectPlaysFrom(video: Locator, from: number, timeout = 20_000) {
  await expect.poll(() => currentTime(video), { timeout }).toBeGreaterThan(from + 1);
}

/** The position the server keeps for this user and file, in ms (0 when none). */
async function savedPosition(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/drive/v1/files/${id}`, { headers: WEB_CLIENT_HEADERS });
  const file = (await response.json()) as { playback_position?: { position_ms: number } };
  return file.playback_position?.position_ms ?? 0;
}

function playerIn(page: Page): Locator {
  return page.getByRole("region", { name: /^Player: / });
}

test("an HEVC + E-AC-3 Matroska plays, seeks, shows subtitles, switches audio and resumes", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { folder, movie } = await seed(page);

  // From the folder: a double click opens the player; the plan converts it for this browser.
  await gotoHydrated(page, `/drive/all?parent_id=${folder.id}`);
  const plans: { body: Record<string, unknown>; mode: string }[] = [];
  page.on("response", async (response) => {
    if (!/\/drive\/v1\/files\/[^/]+\/playback$/.test(new URL(response.url()).pathname)) return;
    const body = response.request().postDataJSON() as Record<string, unknown>;
    plans.push({ body, mode: ((await response.json()) as { mode: string }).mode });
  });
  const opened = Date.now();
  await page.getByRole("grid").locator(".file-item", { hasText: "movie.mkv" }).dblclick();
  const player = playerIn(page);
  await expect(player).toBeVisible();
  await expect(player.getByText(en["player.converted"] ?? "")).toBeVisible({ timeout: 20_000 });
  const video = player.locator("video");
  await playUntilTimeMoves(player, video);
  const firstFrameMs = Date.now() - opened;
  await expectPlaysFrom(video, 0);
  const capabilities = plans[0]?.body.capabilities as { hls: string; audio_codecs: string[] } | undefined;
  expect(capabilities?.hls).toBe("mse");
  expect(capabilities?.audio_codecs).not.toContain("eac3");
  expect(plans[0]?.mode).toBe("transcode");

  // Seek to 80 % with the keyboard ("8"), and it plays on from there.
  await player.focus();
  await page.keyboard.press("8");
  const target = await currentTime(video);
  expect(target).toBeGreaterThanOrEqual(DURATION * 0.8 - 0.5);
  await expectPlaysFrom(video, target);
  console.log(`playback: open to playing ${firstFrameMs} ms`);

  // Subtitles: the embedded SubRip track, chosen in the settings, shows its cue.
  await page.keyboard.press("Home");
  await player.getByRole("button", { name: en["player.settings"] }).click();
  const settings = player.getByRole("dialog", { name: en["player.settings"] });
  await settings.getByLabel(en["player.subtitles"] ?? "").selectOption({ label: "English" });
  await expect
    .poll(
      () =>
        video.evaluate((element: HTMLVideoElement) => {
          const showing = [...element.textTracks].find((track) => track.mode === "showing");
          return showing?.activeCues?.[0] ? (showing.activeCues[0] as VTTCue).text : "";
        }),
      { timeout: 15_000 },
    )
    .toMatch(/^Line \d+ from Nimbus$/);

  // Audio track: the Japanese one; the plan is asked again and playback goes on from the same time.
  await ensurePlaying(player);
  await expectPlaysFrom(video, 1);
  const before = await currentTime(video);
  await settings.getByLabel(en["player.audio"] ?? "").selectOption({ label: "Japanese · 1.0" });
  await expect.poll(() => plans.at(-1)?.body.audio_track, { timeout: 10_000 }).toBe(2);
  await ensurePlaying(player);
  await expectPlaysFrom(video, before - 1);
  // The subtitle stays chosen across the new plan.
  await expect(settings.getByLabel(en["player.subtitles"] ?? "")).toHaveValue(/.+/);
  // The controls and the open settings pass axe's WCAG 2 A/AA rules.
  expect(await seriousViolations(page)).toEqual([]);
  await saveScreenshot(page, "player-video", { width: 1280, height: 800 });

  // Pause saves the position; after a reload the player resumes there (from half way: the
  // first 5 s are never resumed).
  await player.focus();
  await page.keyboard.press("5");
  await expectPlaysFrom(video, DURATION * 0.5 - 0.5);
  await player.getByRole("button", { name: en["player.pause"], exact: true }).click();
  const stoppedAt = await currentTime(video);
  await expect.poll(() => savedPosition(page, movie.id)).toBeGreaterThan((stoppedAt - 1) * 1000);
  await page.goto(`/drive/all?parent_id=${folder.id}&action=open_file&file_id=${movie.id}`);
  const resumed = playerIn(page);
  await expect(resumed.getByText(/^Resumed from \d+:\d\d$/)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => currentTime(resumed.locator("video"))).toBeGreaterThanOrEqual(stoppedAt - 1.5);
  // The remembered audio track comes back with the position.
  await resumed.getByRole("button", { name: en["player.settings"] }).click();
  await expect(resumed.getByLabel(en["player.audio"] ?? "")).toHaveValue("2");

  // Closing while it plays keeps where it was (a keepalive PUT, before the 10 s save is due).
  await ensurePlaying(resumed);
  await expectPlaysFrom(resumed.locator("video"), stoppedAt + 1);
  const closedAt = await currentTime(resumed.locator("video"));
  await page.getByRole("button", { name: en["preview.close"] }).click();
  await expect.poll(() => savedPosition(page, movie.id)).toBeGreaterThan((closedAt - 0.5) * 1000);
});

test("a seek to 80 % of a long film plays from there", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpInBrowser(page);
  const film = await uploadFile(page, "long.mkv", readFileSync(path.join(dir, "long.mkv")));
  await waitForMedia(page, film.id);
  await page.goto(`/drive/all?action=open_file&file_id=${film.id}`);
  const player = playerIn(page);
  const video = player.locator("video");
  await playUntilTimeMoves(player, video);
  await expectPlaysFrom(video, 0);
  // 96 s is past what hls.js buffers (30 s) and the server's "wait, don't restart" window
  // (24 s): ffmpeg restarts at that segment.
  await player.focus();
  const seekedAt = Date.now();
  await page.keyboard.press("8");
  // The element jumps to the target at once; playing is the time moving on from it.
  const target = await currentTime(video);
  expect(target).toBeGreaterThanOrEqual(LONG * 0.8 - 0.5);
  await expect
    .poll(() => currentTime(video), { timeout: 20_000, intervals: [50] })
    .toBeGreaterThan(target + 0.3);
  const seekMs = Date.now() - seekedAt;
  // Measured, not held to the bench's 2.5 s: a shared 2-core machine (bench/transcode.mjs holds it).
  console.log(`playback: seek to 80 % of ${LONG} s to playing ${seekMs} ms`);
  expect(seekMs).toBeLessThan(15_000);
  await expectPlaysFrom(video, target);
});

test("next plays the folder's next video, and Recent shows how much was watched", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { folder, movie } = await seed(page);
  await page.request.put(`/drive/v1/files/${movie.id}/playback_position`, {
    headers: WEB_CLIENT_HEADERS,
    data: { position_ms: DURATION * 400, duration_ms: DURATION * 1000 },
  });
  await gotoHydrated(page, "/drive/recent");
  const bar = page.getByRole("progressbar", { name: "40% watched" });
  await expect(bar).toBeVisible();
  await saveScreenshot(page, "recent-watched", { width: 1280, height: 800 });

  await gotoHydrated(page, `/drive/all?parent_id=${folder.id}`);
  await page.getByRole("grid").locator(".file-item", { hasText: "movie.mkv" }).dblclick();
  const player = playerIn(page);
  await player.getByRole("button", { name: "Next: sequel.mp4" }).click();
  await expect(page.getByRole("heading", { name: "sequel.mp4" })).toBeVisible();
  const video = playerIn(page).locator("video");
  await ensurePlaying(playerIn(page));
  await expectPlaysFrom(video, 0);
});

test("an audio folder plays as a queue", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpInBrowser(page);
  const folder = await createFolder(page, "Album");
  // Uploaded last first, so newest-first and by-name orders agree: one, two.
  for (const name of ["2 two.mp3", "1 one.mp3"])
    await uploadFile(page, name, readFileSync(path.join(dir, name)), folder.id);
  await gotoHydrated(page, `/drive/all?parent_id=${folder.id}`);
  await page.getByRole("grid").locator(".file-item", { hasText: "1 one.mp3" }).dblclick();
  const player = playerIn(page);
  await expect(player.getByRole("button", { name: "Next: 2 two.mp3" })).toBeVisible();
  await ensurePlaying(player);
  // At the end of the first song the second plays by itself, and can go back.
  await expect(page.getByRole("heading", { name: "2 two.mp3" })).toBeVisible({ timeout: 20_000 });
  await expect(playerIn(page).getByRole("button", { name: "Previous: 1 one.mp3" })).toBeVisible();
  await expect
    .poll(() =>
      playerIn(page)
        .locator("audio")
        .evaluate((element: HTMLAudioElement) => element.currentTime),
    )
    .toBeGreaterThan(0.3);
});

test("a share visitor plays the same file through the share", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { movie } = await seed(page);
  const share = (await (
    await page.request.post("/drive/v1/share", {
      headers: WEB_CLIENT_HEADERS,
      data: { file_ids: [movie.id], title: "Films" },
    })
  ).json()) as { share_id: string };

  const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const visitorPage = await visitor.newPage();
  const plans: string[] = [];
  visitorPage.on("request", (request) => {
    if (new URL(request.url()).pathname === "/drive/v1/share/playback") plans.push(request.postData() ?? "");
  });
  await gotoHydrated(visitorPage, `/s/${share.share_id}`);
  await visitorPage.getByRole("button", { name: "movie.mkv" }).click();
  const player = playerIn(visitorPage);
  await expect(player).toBeVisible();
  await playUntilTimeMoves(player, player.locator("video"));
  await expectPlaysFrom(player.locator("video"), 0);
  expect(JSON.parse(plans[0] ?? "{}")).toMatchObject({ share_id: share.share_id });
  await saveScreenshot(visitorPage, "player-share", { width: 1280, height: 800 });
  await visitor.close();
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the controls fit a phone and the video plays", async ({ page }) => {
    test.setTimeout(180_000);
    const { movie, folder } = await seed(page);
    await page.goto(`/drive/all?parent_id=${folder.id}&action=open_file&file_id=${movie.id}`);
    const player = playerIn(page);
    await expect(player).toBeVisible();
    // The HEVC film is transcoded: autoplay can stall on the first segments on a loaded machine.
    await playUntilTimeMoves(player, player.locator("video"));
    await expectPlaysFrom(player.locator("video"), 0);
    await player.getByRole("button", { name: en["player.pause"], exact: true }).click();
    // Every control is on screen, none overflows the row.
    const row = player.locator(".player-row");
    const overflow = await row.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of [en["player.play"], en["player.settings"], en["player.fullscreen"]]) {
      const box = await player.getByRole("button", { name, exact: true }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await saveScreenshot(page, "player-video", { width: 390, height: 844 });
    await player.getByRole("button", { name: en["player.settings"] }).click();
    await expect(player.getByRole("dialog", { name: en["player.settings"] })).toBeInViewport();
    await saveScreenshot(page, "player-settings", { width: 390, height: 844 });
  });
});
