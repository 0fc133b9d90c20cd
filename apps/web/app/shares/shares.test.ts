import { readFileSync } from "node:fs";
import type { DriveFile } from "@nimbus/protocol";
import { SHARE_STATUSES } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHARED_DISPLAY_MODE, ORDER_TYPE } from "../lib/display-mode.js";
import { breadcrumbs, parentIdsOf, sharePath } from "./share-path.js";
import { statusKeys, statusPage } from "./share-status.js";
import { sortSharedFiles } from "./sort-files.js";

function file(name: string, kind: "drive#file" | "drive#folder", size: number, modified: string): DriveFile {
  return {
    kind,
    id: name,
    parent_id: "",
    name,
    user_id: "u",
    size: String(size),
    file_extension: name.includes(".") ? name.slice(name.lastIndexOf(".")) : "",
    mime_type: "",
    created_time: modified,
    modified_time: modified,
    trashed: false,
    starred: false,
    phase: "PHASE_TYPE_COMPLETE",
    hash: "",
    thumbnail_link: "",
    web_content_link: "",
    links: {},
    medias: [],
  } as DriveFile;
}

describe("share page states", () => {
  it("gives every check result of spec §4 a page and localized texts", () => {
    const messages = JSON.parse(
      readFileSync(new URL("../../../../packages/texts/src/web/en-US.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    for (const status of SHARE_STATUSES) {
      const keys = statusKeys(status);
      if (statusPage(status) === "list") continue;
      expect(messages[keys.title], status).toBeTruthy();
      expect(messages[keys.body], status).toBeTruthy();
    }
    expect(statusPage("OK")).toBe("list");
    expect(statusPage("PASS_CODE_ERROR")).toBe("passcode");
    expect(statusPage("PROHIBITED")).toBe("blocked");
  });
});

describe("share paths", () => {
  it("nests folder ids and reads them back", () => {
    expect(sharePath("S1")).toBe("/s/S1");
    expect(sharePath("S1", ["a", "b c"])).toBe("/s/S1/a/b%20c");
    expect(parentIdsOf("a/b/")).toEqual(["a", "b"]);
    expect(parentIdsOf(undefined)).toEqual([]);
    expect(
      breadcrumbs("S1", [
        { id: "a", name: "A" },
        { id: "b", name: "B" },
      ]).map((crumb) => crumb.path),
    ).toEqual(["/s/S1/a", "/s/S1/a/b"]);
  });
});

describe("shared display mode order", () => {
  const files = [
    file("b.txt", "drive#file", 5, "2024-01-02T00:00:00Z"),
    file("Docs", "drive#folder", 0, "2024-01-01T00:00:00Z"),
    file("a.txt", "drive#file", 9, "2024-01-03T00:00:00Z"),
  ];
  it("puts folders first and newest first by default", () => {
    expect(sortSharedFiles(files, DEFAULT_SHARED_DISPLAY_MODE).map((f) => f.name)).toEqual([
      "Docs",
      "a.txt",
      "b.txt",
    ]);
  });
  it("follows the chosen order without pinning", () => {
    const mode = { ...DEFAULT_SHARED_DISPLAY_MODE, orderType: ORDER_TYPE.SIZE_ASC, pinFoldersTop: false };
    expect(sortSharedFiles(files, mode).map((f) => f.name)).toEqual(["Docs", "b.txt", "a.txt"]);
    const byName = { ...mode, orderType: ORDER_TYPE.NAME_DESC };
    expect(sortSharedFiles(files, byName).map((f) => f.name)).toEqual(["b.txt", "a.txt", "Docs"]);
  });
});

describe("links and copied text", () => {
  it("asks for inline bytes on a signed link, absolute or not", async () => {
    const { inlineLink } = await import("./share-preview.js");
    expect(inlineLink("/drive/v1/download/F1?sig=abc")).toBe(
      "/drive/v1/download/F1?sig=abc&disposition=inline",
    );
    expect(inlineLink("https://nimbus.example/drive/v1/download/F1?sig=abc")).toBe(
      "https://nimbus.example/drive/v1/download/F1?sig=abc&disposition=inline",
    );
    expect(inlineLink("")).toBe("");
  });

  it("puts title, link and passcode in the copied text", async () => {
    const { shareText } = await import("./share-text.js");
    const t = (key: string, params?: Record<string, string | number>) =>
      key === "shares.copyText.withCode" ? `${params?.url} Passcode: ${params?.code}` : key;
    expect(shareText(t, { title: "Trip", url: "https://n.example/s/S1", passCode: "ab12" })).toBe(
      "Trip\nhttps://n.example/s/S1 Passcode: ab12",
    );
    expect(shareText(t, { title: "", url: "https://n.example/s/S1", passCode: "" })).toBe(
      "https://n.example/s/S1",
    );
  });
});
