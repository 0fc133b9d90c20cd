// Where the signed-in drive's load spends the main thread: a CPU profile of `/drive/all` at
// Lighthouse's 4× CPU slowdown, split into busy stretches, each with the functions that ran
// longest in it. A diagnosis to read beside bench/lighthouse.mjs, not a measure with a target:
// it prints and leaves results.md alone.
//   node bench/drive-load-profile.mjs              the build of this checkout (built when stale)
//   BENCH_ROOT=/tmp/other node bench/drive-load-profile.mjs   another built checkout
//   BENCH_RUNS=3 BENCH_MIN_MS=40 BENCH_PROFILE_DIR=/tmp/prof …  runs, shortest stretch shown,
//                                                  and where to keep the .cpuprofile files
//   BENCH_FUNCTIONS=createHydratedRouter,getHydrationData …  also each function's inclusive
//                                                  time per load, averaged over the runs
// Function names are the build's: build a checkout with `build.minify: false` in
// apps/web/vite.config.ts to read them.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildIfStale } from "../scripts/built-server.mjs";
import { apiCall, browserCookies, ROOT, signUp, startBuiltServer, webSignIn } from "./lib.mjs";

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 40);
const root = process.env.BENCH_ROOT ?? ROOT;
const FUNCTIONS = process.env.BENCH_FUNCTIONS?.split(",").map((name) => name.trim()) ?? [];
/** React's own frames, left out of the stretch's list: what they ran is what matters. */
const FRAMEWORK =
  /^(performWork|workLoop|renderRoot|beginWork|performUnitOfWork|renderWithHooks|updateFunctionComponent|completeRoot|commitRoot|flushPassiveEffects|recursivelyTraverse|commitPassiveMount)/;

/** A user with a folder, signed in the way the web app is: the cookies its browser keeps. */
async function signedInCookies(base, dataDir) {
  const email = `profile-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const signup = await signUp(base, dataDir, email, password);
  await apiCall(base, signup.access_token, "POST", "/drive/v1/files", { kind: "drive#folder", name: "Trip" });
  // Playwright takes a cookie's url or its path, not both.
  return browserCookies(await webSignIn(base, email, password), base).map(({ path: _, ...cookie }) => cookie);
}

async function profileLoad(browser, base, cookies) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    serviceWorkers: "block",
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(`${base}/drive/all`, { waitUntil: "load" });
  await page.waitForTimeout(4000);
  const { profile } = await cdp.send("Profiler.stop");
  await context.close();
  return profile;
}

/** The profile's busy stretches (no idle sample for 3 ms or more), each with its longest functions. */
function stretches(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const label = (node) =>
    `${node.callFrame.functionName || "(anonymous)"}@${node.callFrame.url.split("/").pop() || "native"}`;
  const found = [];
  let current = null;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index];
    const name = byId.get(id).callFrame.functionName;
    if (name === "(idle)" || name === "(program)") {
      if (current && at - current.last > 3000) {
        found.push(current);
        current = null;
      }
      return;
    }
    current ??= { start: at, last: at, time: new Map() };
    current.last = at;
    const spent = profile.timeDeltas[index + 1] ?? 0;
    const seen = new Set();
    for (let node = id; node !== undefined; node = parentOf.get(node)) {
      const text = label(byId.get(node));
      if (seen.has(text)) continue;
      seen.add(text);
      current.time.set(text, (current.time.get(text) ?? 0) + spent);
    }
  });
  if (current) found.push(current);
  return found.map(({ start, last, time }) => ({
    startMs: (start - profile.startTime) / 1000,
    ms: (last - start) / 1000,
    top: [...time]
      .filter(([text]) => !text.startsWith("(") && !FRAMEWORK.test(text))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([text, us]) => `${text} ${(us / 1000).toFixed(0)}`),
  }));
}

/**
 * Time inside each named function in `profile`, callees included, in µs. A call nested in
 * another of the same name counts once, with the outer one.
 */
function inclusiveTimes(profile, names) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const self = new Map();
  for (const [index, id] of profile.samples.entries())
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  const inclusive = (node) =>
    (self.get(node.id) ?? 0) +
    (node.children ?? []).reduce((sum, child) => sum + inclusive(byId.get(child)), 0);
  const nestedIn = (node, name) => {
    for (let up = parentOf.get(node.id); up !== undefined; up = parentOf.get(up))
      if (byId.get(up).callFrame.functionName === name) return true;
    return false;
  };
  const times = new Map(names.map((name) => [name, 0]));
  for (const node of profile.nodes) {
    const name = node.callFrame.functionName;
    if (times.has(name) && !nestedIn(node, name)) times.set(name, times.get(name) + inclusive(node));
  }
  return times;
}

if (root === ROOT) buildIfStale();
const server = await startBuiltServer({ root });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const cookies = await signedInCookies(server.url, server.dataDir);
  const totals = new Map(FUNCTIONS.map((name) => [name, 0]));
  for (let run = 1; run <= RUNS; run++) {
    const profile = await profileLoad(browser, server.url, cookies);
    for (const [name, us] of inclusiveTimes(profile, FUNCTIONS)) totals.set(name, totals.get(name) + us);
    if (process.env.BENCH_PROFILE_DIR) {
      mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
      writeFileSync(
        path.join(process.env.BENCH_PROFILE_DIR, `drive-load-${run}.cpuprofile`),
        JSON.stringify(profile),
      );
    }
    console.log(`run ${run}: busy stretches of ${MIN_MS} ms or more at 4× (start, length; inclusive ms)`);
    for (const stretch of stretches(profile).filter((s) => s.ms >= MIN_MS))
      console.log(
        `${stretch.startMs.toFixed(0).padStart(6)} +${stretch.ms.toFixed(0).padStart(4)}  ${stretch.top.join(", ")}`,
      );
  }
  if (FUNCTIONS.length > 0)
    console.log(
      `per load at 4×, inclusive, mean of ${RUNS}: ${[...totals].map(([name, us]) => `${name} ${(us / 1000 / RUNS).toFixed(1)} ms`).join(", ")}`,
    );
} finally {
  await browser.close();
  await server.stop();
}
