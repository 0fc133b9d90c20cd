import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { PlaybackPlan } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaTools } from "../src/lib/media-tools.js";
import { pathOf, uploadFile } from "./support/media-files.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { onlyNodeOnPath } from "./support/tools.js";
import { signUp, type TestUser } from "./support/users.js";

/**
 * A fresh `npm ci && npm start`: no ffmpeg on the PATH, so playback runs the ffmpeg and
 * ffprobe @ffmpeg-installer / @ffprobe-installer ship (4.1, without `-hls_segment_options`).
 */
const bareDir = onlyNodeOnPath("nimbus-bare-hls-");
let plays = 0;

describe("playback with only Node.js on the PATH", () => {
  let t: TestApp;
  let alice: TestUser;
  let ffmpeg: string;
  let ffprobe: string;

  beforeAll(async () => {
    const tools = new MediaTools({ bundled: true });
    ffmpeg = tools.find("ffmpeg") as string;
    ffprobe = tools.find("ffprobe") as string;
    t = await createTestApp();
    alice = await signUp(t.app);
  });
  afterAll(() => t?.close());

  async function play(masterUrl: string) {
    const get = async (url: string) => {
      const response = await t.app.inject({ url: pathOf(url) });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      return response;
    };
    const base = new URL(".", masterUrl);
    await get(masterUrl);
    const variant = (await get(new URL("main.m3u8", base).href)).body;
    const parts = [(await get(new URL("init.mp4", base).href)).rawPayload];
    for (const name of variant.split("\n").filter((l) => l.endsWith(".m4s"))) {
      parts.push((await get(new URL(name, base).href)).rawPayload);
    }
    const out = path.join(bareDir(), `out-${++plays}.mp4`);
    await writeFile(out, Buffer.concat(parts));
    return JSON.parse(
      execFileSync(ffprobe, ["-v", "error", "-of", "json", "-show_streams", "-show_format", out]).toString(
        "utf8",
      ),
    );
  }

  it("transcodes HEVC + E-AC-3 and remuxes H.264 with the bundled ffmpeg", async () => {
    expect(ffmpeg).toContain("node_modules");
    const hevc = path.join(bareDir(), "film.mkv");
    execFileSync(ffmpeg, [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "6"],
      ...["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"],
      ...["-c:a", "eac3", "-y", hevc],
    ]);
    const h264 = path.join(bareDir(), "clip.mkv");
    execFileSync(ffmpeg, [
      ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=24"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "8"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-g", "48", "-c:a", "aac", "-y", h264],
    ]);
    const film = await uploadFile(t.app, alice, "Film.mkv", await readFile(hevc));
    const clip = await uploadFile(t.app, alice, "Clip.mkv", await readFile(h264));
    await t.jobs.drain();
    const capabilities = { containers: ["mp4"], video_codecs: ["h264"], audio_codecs: ["aac"], hls: "mse" };
    for (const [file, mode, codecs] of [
      [film, "transcode", ["aac", "h264"]],
      [clip, "remux", ["aac", "h264"]],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url: `/drive/v1/files/${file.id}/playback`,
        headers: alice.auth,
        payload: { capabilities },
      });
      expect(response.statusCode, response.body).toBe(200);
      const plan = response.json<PlaybackPlan>();
      expect(plan.mode).toBe(mode);
      const probe = await play(plan.url);
      expect(probe.streams.map((s: { codec_name: string }) => s.codec_name).sort()).toEqual(codecs);
      expect(Math.abs(Number(probe.format.duration) - plan.duration_ms / 1000)).toBeLessThanOrEqual(0.2);
    }
  }, 60_000);
});
