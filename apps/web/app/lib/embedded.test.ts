import { describe, expect, it, vi } from "vitest";
import {
  decideEmbeddedClick,
  detectEmbedded,
  detectEmbeddedWindow,
  performEmbeddedClick,
} from "./embedded.js";

const context = { parentOrigin: "https://parent.test" };

describe("embedded mode detection (spec §2)", () => {
  it("needs a frame and an origin query parameter", () => {
    expect(detectEmbedded(true, "?origin=https://parent.test")).toEqual(context);
    expect(detectEmbedded(true, "?origin=https%3A%2F%2Fparent.test%2Fpage%3Fx%3D1")).toEqual(context);
    expect(detectEmbedded(false, "?origin=https://parent.test")).toBeUndefined();
    expect(detectEmbedded(true, "?x=1")).toBeUndefined();
  });

  it("refuses an origin that is not an http(s) origin", () => {
    expect(detectEmbedded(true, "?origin=*")).toBeUndefined();
    expect(detectEmbedded(true, "?origin=javascript:alert(1)")).toBeUndefined();
    expect(detectEmbedded(true, "?origin=parent.test")).toBeUndefined();
  });

  it("is framed when window.self is not window.top", () => {
    const top = {};
    expect(
      detectEmbeddedWindow({ self: {}, top, location: { search: "?origin=https://parent.test" } }),
    ).toEqual(context);
    expect(
      detectEmbeddedWindow({ self: top, top, location: { search: "?origin=https://parent.test" } }),
    ).toBeUndefined();
  });
});

describe("embedded link clicks (spec §2)", () => {
  it("posts a drive action to the parent at the origin parameter instead of following it", () => {
    expect(decideEmbeddedClick({ href: "/drive/all?action=create_task&url=magnet%3Ax" }, context)).toEqual({
      kind: "post",
      message: { action: "create_task", url: "magnet:x" },
      targetOrigin: "https://parent.test",
    });
    expect(
      decideEmbeddedClick(
        { href: "https://nimbus.test/drive/all?action=show_login", target: "_blank" },
        context,
      ),
    ).toMatchObject({ kind: "post", message: { action: "show_login" } });
  });

  it.each(["open_file", "show_task", "highlight_files", "search"])("handles %s itself", (action) => {
    expect(decideEmbeddedClick({ href: `/drive/all?action=${action}` }, context)).toEqual({ kind: "follow" });
  });

  it("opens a new window for a target of _blank", () => {
    expect(decideEmbeddedClick({ href: "https://help.test/a", target: "_blank" }, context)).toEqual({
      kind: "open",
      url: "https://help.test/a",
    });
    expect(
      decideEmbeddedClick(
        { href: "/drive/all?action=search", target: "_blank" },
        context,
        "https://nimbus.test",
      ),
    ).toEqual({ kind: "open", url: "https://nimbus.test/drive/all?action=search" });
  });

  it("posts open_feedback for a feedback link", () => {
    for (const href of [
      "/drive/feedback",
      "https://nimbus.test/drive/feedback/?from=menu",
      "/ja/drive/feedback",
    ]) {
      expect(decideEmbeddedClick({ href, target: "_blank" }, context)).toEqual({
        kind: "post",
        message: { action: "open_feedback" },
        targetOrigin: "https://parent.test",
      });
    }
  });

  it("follows every other link, and ignores unknown actions", () => {
    expect(decideEmbeddedClick({ href: "/drive/trash" }, context)).toEqual({ kind: "follow" });
    expect(decideEmbeddedClick({ href: "/drive/all?action=format_disk" }, context)).toEqual({
      kind: "follow",
    });
  });

  it("carries decisions out and says when to prevent the default", () => {
    const effects = { postToParent: vi.fn(), openWindow: vi.fn() };
    expect(
      performEmbeddedClick(
        { kind: "post", message: { action: "open_feedback" }, targetOrigin: "https://parent.test" },
        effects,
      ),
    ).toBe(true);
    expect(effects.postToParent).toHaveBeenCalledWith({ action: "open_feedback" }, "https://parent.test");
    expect(performEmbeddedClick({ kind: "open", url: "https://x.test/" }, effects)).toBe(true);
    expect(effects.openWindow).toHaveBeenCalledWith("https://x.test/");
    expect(performEmbeddedClick({ kind: "follow" }, effects)).toBe(false);
  });
});
