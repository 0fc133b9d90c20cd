// First-load JavaScript of the public pages and completeness of their server
// HTML, next to a reference built in the same run: React + React DOM + React
// Router's hydration entry alone (the floor of any React Router framework app).
//   node bench/web.mjs     builds when stale, measures, writes bench/results.md
//   BENCH_NO_BUILD=1 node bench/web.mjs     measures the build as it is
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { buildIfStale, startBuiltServer } from "../scripts/built-server.mjs";
import { machine, ROOT, writeSection } from "./lib.mjs";

const TARGET_KB = 120;
const LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};
const PAGES = [
  { type: "home", path: "/" },
  { type: "faq", path: "/en-US/faq" },
  { type: "policy", path: "/en-US/policy/privacy-policy" },
  { type: "help-center", path: "/en-US/help-center" },
];

const kb = (bytes) => bytes / 1024;
const gzipped = (buffer) => gzipSync(buffer).length;

/**
 * Every script a fresh browser fetches for `url` until the network is idle. A `blob:` worker
 * (the ICU warm-up, lib/intl-warmup.ts) is made in the page from a string its entry chunk
 * already carries, not fetched: counting it would count those bytes twice.
 */
async function firstLoadScripts(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = new Map();
  const pending = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script" || response.url().startsWith("blob:")) return;
    pending.push(
      response.body().then(
        (body) => bodies.set(response.url(), body),
        () => {},
      ),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  const hydratedH1 = (await page.locator("h1").first().textContent())?.trim();
  await context.close();
  return { bodies, hydratedH1 };
}

/** The h1 of the HTML the server sends, read without running any script. */
async function serverH1(url) {
  const html = await (await fetch(url)).text();
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  if (inner === undefined) return undefined;
  return inner
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
}

/** Gzipped size of React Router's default hydration entry, built for production by Vite. */
async function referenceBytes() {
  const dir = path.join(ROOT, "bench/.work/web-reference");
  mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, "entry.js");
  writeFileSync(
    entry,
    `import { createElement, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
startTransition(() => hydrateRoot(document, createElement(StrictMode, null, createElement(HydratedRouter))));
`,
  );
  const { build } = await import("vite");
  const output = await build({
    root: dir,
    configFile: false,
    logLevel: "silent",
    mode: "production",
    build: { write: false, rollupOptions: { input: entry }, modulePreload: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  return chunks
    .filter((c) => c.type === "chunk")
    .reduce((sum, chunk) => sum + gzipped(Buffer.from(chunk.code)), 0);
}

if (process.env.BENCH_NO_BUILD !== "1") buildIfStale();
const reference = await referenceBytes();
const server = await startBuiltServer();
const browser = await chromium.launch(LAUNCH);
const rows = [];
try {
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    const { bodies, hydratedH1 } = await firstLoadScripts(browser, url);
    const scripts = [...bodies.entries()];
    const gzip = scripts.reduce((sum, [, body]) => sum + gzipped(body), 0);
    const raw = scripts.reduce((sum, [, body]) => sum + body.length, 0);
    const ssrH1 = await serverH1(url);
    rows.push({
      ...page,
      count: scripts.length,
      raw,
      gzip,
      vconsole: scripts.some(([name]) => /vconsole/i.test(name)),
      // Complete server rendering: the HTML already holds the h1 the page shows once its scripts ran.
      ssr: Boolean(ssrH1) && ssrH1 === hydratedH1,
      ssrH1,
      hydratedH1,
    });
  }
} finally {
  await browser.close();
  await server.stop();
}

const pass = rows.every((r) => kb(r.gzip) <= TARGET_KB && r.ssr && !r.vconsole);
const table = rows
  .map(
    (r) =>
      `| ${r.type} (\`${r.path}\`) | ${r.count} | ${kb(r.raw).toFixed(1)} | ${kb(r.gzip).toFixed(1)} | ${kb(r.gzip - reference).toFixed(1)} | ${r.ssr ? `yes: “${r.ssrH1}”` : `NO (server ${JSON.stringify(r.ssrH1)}, browser ${JSON.stringify(r.hydratedH1)})`} | ${r.vconsole ? "YES" : "no"} |`,
  )
  .join("\n");
writeSection(
  "web",
  `## Web: first-load JavaScript and server rendering

Command: \`node bench/web.mjs\` (builds when stale; system Chromium via playwright-core, a fresh context per page, scripts counted until network idle, each body gzipped with node:zlib at the default level).
Machine: ${machine()}.
Target: first-load JavaScript ≤ ${TARGET_KB} KB gzipped per page type, the server HTML already holds the page's h1, the debug console never in the first load. **${pass ? "Met" : "NOT met"}.**
Reference, same run: React + React DOM + React Router's hydration entry alone, built for production by Vite: **${kb(reference).toFixed(1)} KB** gzipped.

| page type | scripts | raw KB | gzip KB | gzip KB over reference | h1 in server HTML | vConsole loaded |
|---|---:|---:|---:|---:|---|---|
${table}`,
);
console.log(`reference ${kb(reference).toFixed(1)} KB gzip`);
console.log(table);
process.exit(pass ? 0 : 1);
