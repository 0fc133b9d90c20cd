// Installability of the web app (issue #33, decision 0059), as Chromium itself decides it:
// Lighthouse 12 dropped its PWA category and the installable-manifest audit, which read
// `Page.getInstallabilityErrors`; this asks the same question of the machine's Chromium in a
// normal (not incognito) profile, on the home page and /drive/login, once the service worker
// controls the page, and checks the manifest Chromium parsed, in each of the 11 languages.
//   node bench/installable.mjs            builds when stale
//   BENCH_NO_BUILD=1 node bench/installable.mjs
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { buildIfStale } from "../scripts/built-server.mjs";
import { startBuiltServer } from "./lib.mjs";

const LOCALES = ["en-US", "es", "id", "ja", "ko", "ms", "pt", "ru", "uk", "zh-CN", "zh-TW"];

if (process.env.BENCH_NO_BUILD !== "1") buildIfStale();
const server = await startBuiltServer();
const profile = mkdtempSync(path.join(tmpdir(), "nimbus-installable-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
let failed = false;
try {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  for (const pathname of ["/", "/drive/login"]) {
    await page.goto(server.url + pathname);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    });
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const { url, errors } = await cdp.send("Page.getAppManifest");
    const verdict =
      installabilityErrors.length === 0 && errors.length === 0 ? "installable" : "NOT installable";
    if (verdict !== "installable") failed = true;
    console.log(`${pathname}: ${verdict}; manifest ${new URL(url).pathname}${new URL(url).search}`);
    for (const error of [...installabilityErrors, ...errors]) console.log("  ", JSON.stringify(error));
  }
  for (const locale of LOCALES) {
    const answer = await fetch(`${server.url}/manifest.webmanifest?lang=${locale}`);
    const manifest = await answer.json();
    const ok =
      answer.headers.get("content-type")?.startsWith("application/manifest+json") &&
      manifest.lang === locale &&
      manifest.display === "standalone" &&
      manifest.icons.some((icon) => icon.sizes === "512x512" && icon.purpose === "maskable") &&
      manifest.share_target?.method === "POST";
    if (!ok) failed = true;
    console.log(`manifest ${locale}: ${ok ? "ok" : "WRONG"} (${manifest.name}: ${manifest.description})`);
  }
} finally {
  await context.close();
  await server.stop();
  rmSync(profile, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
