// Lighthouse (mobile profile: its default, a throttled mid-range phone) on the home page,
// a share page and the drive of a signed-in user, against the built server (SQLite +
// local blobs), in the machine's Chromium started by Playwright with a debugging port.
//   node bench/lighthouse.mjs          builds when stale, measures, writes bench/results.md
//   BENCH_NO_BUILD=1 node bench/lighthouse.mjs
// Targets (issue #17): performance ≥ 95 and accessibility ≥ 95 on each page.
import { randomBytes } from "node:crypto";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { buildIfStale } from "../scripts/built-server.mjs";
import { apiCall, freePort, loadAverage, machine, signUp, startBuiltServer, writeSection } from "./lib.mjs";

const TARGET = { performance: 95, accessibility: 95 };
const WEB = { "x-client-id": "nimbus-web", "x-device-id": "bench000000000000000000000000000" };

/** A user with a folder holding a file, that folder shared, and the web session's cookie. */
async function prepare(base, dataDir) {
  const email = `lighthouse-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const signup = await signUp(base, dataDir, email, password);
  if (!signup.access_token) throw new Error(`sign-up: ${JSON.stringify(signup)}`);
  const token = signup.access_token;
  const folder = await apiCall(base, token, "POST", "/drive/v1/files", {
    kind: "drive#folder",
    name: "Trip",
  });
  const bytes = randomBytes(2048);
  const created = await apiCall(base, token, "POST", "/drive/v1/files", {
    kind: "drive#file",
    name: "route.txt",
    parent_id: folder.file.id,
    size: String(bytes.length),
  });
  await fetch(created.form.url.replace(/^https?:\/\/[^/]+/, base), {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: bytes,
  });
  const share = await apiCall(base, token, "POST", "/drive/v1/share", {
    file_ids: [folder.file.id],
    title: "Trip",
  });
  const signin = await fetch(`${base}/v1/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", ...WEB },
    body: JSON.stringify({ username: email, password }),
  });
  if (!signin.ok) throw new Error(`sign-in: ${signin.status} ${await signin.text()}`);
  const cookie = signin.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { shareId: share.share_id, cookie };
}

async function audit(url, port, extraHeaders) {
  const runner = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    ...(extraHeaders ? { extraHeaders } : {}),
  });
  const { categories, audits } = runner.lhr;
  const failing = Object.values(audits)
    .filter((a) => a.scoreDisplayMode === "binary" && a.score === 0)
    .map((a) => a.id);
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    fcp: audits["first-contentful-paint"]?.displayValue ?? "",
    lcp: audits["largest-contentful-paint"]?.displayValue ?? "",
    tbt: audits["total-blocking-time"]?.displayValue ?? "",
    cls: audits["cumulative-layout-shift"]?.displayValue ?? "",
    failing,
  };
}

if (process.env.BENCH_NO_BUILD !== "1") buildIfStale();
const server = await startBuiltServer();
const debuggingPort = await freePort();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", `--remote-debugging-port=${debuggingPort}`],
});
const rows = [];
try {
  const setup = await prepare(server.url, server.dataDir);
  const pages = [
    ["home", "/en-US", undefined],
    ["share page", `/s/${setup.shareId}`, undefined],
    ["drive (signed in)", "/drive/all", { cookie: setup.cookie }],
  ];
  for (const [label, path, headers] of pages) {
    const result = await audit(server.url + path, debuggingPort, headers);
    console.log(label, result);
    rows.push({ label, path, ...result });
  }
} finally {
  await browser.close();
  await server.stop();
}

const pass = rows.every(
  (r) => r.performance >= TARGET.performance && r.accessibility >= TARGET.accessibility,
);
const load = loadAverage();
const table = rows
  .map(
    (r) =>
      `| ${r.label} (\`${r.path.replace(/\/s\/.*/, "/s/<id>")}\`) | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failing.join(", ") || "—"} |`,
  )
  .join("\n");
writeSection(
  "lighthouse",
  `## Lighthouse (mobile)

Command: \`npm run build && node bench/lighthouse.mjs\` (Lighthouse 12.8.2, its default mobile profile with simulated throttling; \`/usr/bin/chromium\` started by Playwright with a debugging port; SQLite + local blobs; the drive signed in through the web session's cookie).
Machine: ${machine()}; load average at the end ${load} (1 / 5 / 15 min).
Targets: performance ≥ ${TARGET.performance} and accessibility ≥ ${TARGET.accessibility} on every page. **${pass ? "Met" : "NOT met"}.**

| page | performance | accessibility | FCP | LCP | TBT | CLS | failed audits |
|---|---:|---:|---:|---:|---:|---:|---|
${table}`,
);
console.log(table);
process.exit(pass ? 0 : 1);
