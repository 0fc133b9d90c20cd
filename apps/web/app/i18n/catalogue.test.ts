import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import urls from "virtual:nimbus/catalogues";
import { afterEach, describe, expect, it, vi } from "vitest";
import { catalogueAssets } from "../../build-plugins/catalogue-assets.js";
import { catalogueUrl, fetchCatalogue, loadPageCatalogue, pageCatalogue } from "./catalogue.js";
import { translate } from "./i18n.js";

function textsDir(texts: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nimbus-texts-"));
  writeFileSync(path.join(dir, "en-US.json"), JSON.stringify(texts));
  return dir;
}

describe("catalogue assets (decision 0034)", () => {
  it("hold what the server renders with: every page text, compiled, and no long documents", async () => {
    const assets = catalogueAssets();
    expect(assets.map((asset) => asset.locale)).toHaveLength(11);
    for (const locale of ["en-US", "ja", "uk"] as const) {
      const asset = assets.find((candidate) => candidate.locale === locale);
      const shipped = JSON.parse(asset?.source ?? "{}");
      expect(shipped).toEqual(JSON.parse(JSON.stringify(await loadPageCatalogue(locale))));
      expect(Object.keys(shipped).some((key) => key.startsWith("faq."))).toBe(false);
      expect(shipped["brand.name"]).toBeTruthy();
    }
  });

  it("are named by their content: a changed text is a new URL, the same texts the same", () => {
    const [first] = catalogueAssets(textsDir({ "nav.home": "Home" }));
    const [again] = catalogueAssets(textsDir({ "nav.home": "Home", "faq.q1": "a document" }));
    const [changed] = catalogueAssets(textsDir({ "nav.home": "Start" }));
    expect(first?.fileName).toMatch(/^assets\/catalogue-en-US-[\w-]{10}\.json$/);
    expect(again?.fileName).toBe(first?.fileName);
    expect(changed?.fileName).not.toBe(first?.fileName);
  });

  it("are named for every locale in the module pages read, the default for an unknown one", () => {
    expect(Object.keys(urls)).toHaveLength(11);
    expect(catalogueUrl("ko")).toBe(urls.ko);
    expect(catalogueUrl("xx")).toBe(urls["en-US"]);
  });
});

describe("the browser's catalogue", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is fetched once per locale, then read synchronously", async () => {
    const fetch = vi.fn(async () => Response.json({ "nav.home": "ホーム" }));
    vi.stubGlobal("fetch", fetch);
    expect(pageCatalogue("ms")).toEqual({});
    await Promise.all([fetchCatalogue("ms"), fetchCatalogue("ms")]);
    await fetchCatalogue("ms");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(urls.ms, { credentials: "same-origin" });
    expect(translate(pageCatalogue("ms"), "nav.home")).toBe("ホーム");
  });

  it("fails on an error answer and tries again next time", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("gone", { status: 404 })),
    );
    await expect(fetchCatalogue("id")).rejects.toThrow(/HTTP 404/);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ "nav.home": "Beranda" })),
    );
    expect(translate(await fetchCatalogue("id"), "nav.home")).toBe("Beranda");
  });
});
