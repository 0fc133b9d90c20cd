import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createActionDispatcher, PAGE_ACTIONS, type PageAction, parsePageAction } from "./page-actions.js";

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every `usePageAction("<action>", …)` in the web app's sources (tests excluded), by action. */
function handlersInSources(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(full, "utf8").matchAll(/usePageAction\(\s*"([a-z_]+)"/g)) {
          const action = match[1] ?? "";
          found.set(action, [...(found.get(action) ?? []), path.relative(APP_DIR, full)]);
        }
      }
    }
  };
  walk(APP_DIR);
  return found;
}

describe("every page action of spec §4 has a handler", () => {
  const handlers = handlersInSources();

  it.each(PAGE_ACTIONS)("%s is handled by a page", (action) => {
    expect(handlers.get(action) ?? []).not.toEqual([]);
  });

  it("handles no action the spec does not list", () => {
    expect(
      [...handlers.keys()].filter((name) => !(PAGE_ACTIONS as readonly string[]).includes(name)),
    ).toEqual([]);
  });

  it("dispatches each of the 20 from its query to its handler, and ignores an unknown one", () => {
    const dispatcher = createActionDispatcher();
    const seen: string[] = [];
    for (const action of PAGE_ACTIONS)
      dispatcher.register(action, (params, name) => seen.push(`${name}:${params.n}`));
    PAGE_ACTIONS.forEach((action, index) => {
      const parsed = parsePageAction(`?action=${action}&n=${index}`);
      expect(parsed).toBeDefined();
      expect(dispatcher.dispatch(parsed?.action as PageAction, parsed?.params)).toBe(true);
    });
    expect(seen).toEqual(PAGE_ACTIONS.map((action, index) => `${action}:${index}`));
    expect(parsePageAction("?action=format_disk&n=99")).toBeUndefined();
  });
});
