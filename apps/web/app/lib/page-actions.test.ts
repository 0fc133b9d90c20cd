import { describe, expect, it, vi } from "vitest";
import {
  createActionDispatcher,
  isForwardedToParent,
  isPageAction,
  PAGE_ACTIONS,
  parsePageAction,
} from "./page-actions.js";

describe("page actions (spec §4)", () => {
  it("are the 20 actions of the spec", () => {
    expect(PAGE_ACTIONS).toHaveLength(20);
    expect(new Set(PAGE_ACTIONS).size).toBe(20);
    expect(PAGE_ACTIONS).toEqual(
      expect.arrayContaining([
        "show_task",
        "open_file",
        "create_task",
        "open_feedback",
        "url_checker",
        "landing_page",
      ]),
    );
    expect(isPageAction("show_login")).toBe(true);
    expect(isPageAction("drop_tables")).toBe(false);
  });

  it("parses ?action= with its other parameters and ignores an unknown action", () => {
    expect(parsePageAction("?action=open_file&file_id=f1&action=search")).toEqual({
      action: "open_file",
      params: { file_id: "f1" },
    });
    expect(parsePageAction(new URLSearchParams("action=search&q=cat"))).toEqual({
      action: "search",
      params: { q: "cat" },
    });
    expect(parsePageAction("?action=delete_everything")).toBeUndefined();
    expect(parsePageAction("?x=1")).toBeUndefined();
  });

  it("forwards drive actions to the parent, except open_file, show_task, highlight_files and search", () => {
    const local = PAGE_ACTIONS.filter((action) => !isForwardedToParent(action));
    expect(local.sort()).toEqual(["highlight_files", "open_file", "search", "show_task"]);
    expect(isForwardedToParent("create_task")).toBe(true);
    expect(isForwardedToParent("unknown_action")).toBe(false);
  });
});

describe("action dispatcher", () => {
  it("runs the handlers registered for an action, in order, with its params", () => {
    const dispatcher = createActionDispatcher();
    const calls: string[] = [];
    dispatcher.register("open_file", (params, action) => calls.push(`a:${action}:${params.file_id}`));
    dispatcher.register("open_file", () => calls.push("b"));
    dispatcher.register("search", () => calls.push("search"));
    expect(dispatcher.dispatch("open_file", { file_id: "f1" })).toBe(true);
    expect(calls).toEqual(["a:open_file:f1", "b"]);
  });

  it("reports false when no handler is registered, and unregisters", () => {
    const dispatcher = createActionDispatcher();
    const handler = vi.fn();
    const unregister = dispatcher.register("show_login", handler);
    unregister();
    unregister();
    expect(dispatcher.dispatch("show_login")).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });

  it("removes only the one registration", () => {
    const dispatcher = createActionDispatcher();
    const first = vi.fn();
    const second = vi.fn();
    dispatcher.register("search", first);
    const unregister = dispatcher.register("search", second);
    unregister();
    dispatcher.dispatch("search", { q: "x" });
    expect(first).toHaveBeenCalledWith({ q: "x" }, "search");
    expect(second).not.toHaveBeenCalled();
  });
});
