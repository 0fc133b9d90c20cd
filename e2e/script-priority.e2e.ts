import { expect, test } from "./support/fixtures.js";

// Decision 0088: a server-rendered page paints from its document and stylesheets, and its
// scripts only hydrate what is on screen, so the page asks for its module preloads at low
// priority and leaves the highest to the stylesheets; the page still hydrates.

test("a page's stylesheets load at the highest priority, its script preloads at low, and it hydrates", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const priorities = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ request }) => {
    const { pathname } = new URL(request.url);
    if (!priorities.has(pathname)) priorities.set(pathname, request.initialPriority);
  });
  const response = await page.goto("/en-US/faq");
  const html = (await response?.text()) ?? "";
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  // The server's links (the scripts' own later imports add preloads of their own).
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([link]) => ({
    path: /href="([^"]+)"/.exec(link)?.[1] ?? "",
    fetchPriority: /fetchpriority="([^"]+)"/.exec(link)?.[1],
  }));
  expect(preloads.length).toBeGreaterThan(3);
  for (const { path, fetchPriority } of preloads) {
    expect(fetchPriority, path).toBe("low");
    expect(priorities.get(path), path).toBe("Low");
  }
  const stylesheets = [...priorities].filter(([path]) => /^\/assets\/.+\.css$/.test(path));
  expect(stylesheets.length).toBeGreaterThan(0);
  for (const [path, priority] of stylesheets) expect(priority, path).toBe("VeryHigh");
});
