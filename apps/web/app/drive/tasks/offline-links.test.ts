import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  chunks,
  failureKey,
  hasFileList,
  isActive,
  isTorrentFile,
  numberParam,
  phaseName,
  pickedFiles,
  progressPercent,
  splitLinks,
  taskActions,
  torrentDataUrl,
} from "./offline-links.js";

describe("splitLinks", () => {
  it("takes one link per line, trimmed, without blanks or repeats", () => {
    const text = "  https://a.example/x.iso \r\n\nmagnet:?xt=urn:btih:ABC\nhttps://a.example/x.iso\n   \n";
    expect(splitLinks(text)).toEqual(["https://a.example/x.iso", "magnet:?xt=urn:btih:ABC"]);
  });

  it("splits links pasted on one line with spaces", () => {
    expect(splitLinks("https://a.example/1 https://a.example/2")).toEqual([
      "https://a.example/1",
      "https://a.example/2",
    ]);
  });

  it("answers nothing for an empty box", () => {
    expect(splitLinks(" \n \n")).toEqual([]);
  });
});

describe("links with a file list", () => {
  it("knows magnets and dropped torrents", () => {
    expect(hasFileList("magnet:?xt=urn:btih:ABC")).toBe(true);
    expect(hasFileList("MAGNET:?xt=urn:btih:ABC")).toBe(true);
    expect(hasFileList("data:application/x-bittorrent;base64,ZDEwOmU=")).toBe(true);
    expect(hasFileList("https://a.example/x.torrent")).toBe(false);
  });

  it("recognises .torrent files by name or type", () => {
    expect(isTorrentFile({ name: "Ubuntu.TORRENT" })).toBe(true);
    expect(isTorrentFile({ name: "x", type: "application/x-bittorrent" })).toBe(true);
    expect(isTorrentFile({ name: "x.txt", type: "text/plain" })).toBe(false);
  });

  it("turns a torrent into a data: link", async () => {
    const url = await torrentDataUrl(new Blob([new Uint8Array([100, 52, 58, 116, 101, 115, 116, 101])]));
    expect(url).toBe(`data:application/x-bittorrent;base64,${btoa("d4:teste")}`);
  });
});

describe("phases", () => {
  it("names each phase and falls back for unknown ones", () => {
    expect(phaseName("PHASE_TYPE_PENDING")).toBe("pending");
    expect(phaseName("PHASE_TYPE_RUNNING")).toBe("running");
    expect(phaseName("PHASE_TYPE_ERROR")).toBe("error");
    expect(phaseName("PHASE_TYPE_COMPLETE")).toBe("complete");
    expect(phaseName("PHASE_TYPE_PAUSED")).toBe("paused");
    expect(phaseName("PHASE_TYPE_UNKNOW")).toBe("unknown");
    expect(phaseName("nonsense")).toBe("unknown");
  });

  it("polls only while a task is pending or running", () => {
    expect(isActive({ phase: "PHASE_TYPE_PENDING" })).toBe(true);
    expect(isActive({ phase: "PHASE_TYPE_RUNNING" })).toBe(true);
    expect(isActive({ phase: "PHASE_TYPE_PAUSED" })).toBe(false);
    expect(isActive({ phase: "PHASE_TYPE_COMPLETE" })).toBe(false);
  });

  it("offers the actions each phase allows", () => {
    expect(taskActions("PHASE_TYPE_RUNNING")).toEqual({
      pause: true,
      resume: false,
      retry: false,
      open: false,
    });
    expect(taskActions("PHASE_TYPE_PAUSED")).toEqual({
      pause: false,
      resume: true,
      retry: false,
      open: false,
    });
    expect(taskActions("PHASE_TYPE_ERROR")).toEqual({
      pause: false,
      resume: false,
      retry: true,
      open: false,
    });
    expect(taskActions("PHASE_TYPE_COMPLETE")).toEqual({
      pause: false,
      resume: false,
      retry: false,
      open: true,
    });
  });

  it("clamps progress and shows 100 when complete", () => {
    expect(progressPercent({ phase: "PHASE_TYPE_RUNNING", progress: 42.6 })).toBe(43);
    expect(progressPercent({ phase: "PHASE_TYPE_RUNNING", progress: 140 })).toBe(100);
    expect(progressPercent({ phase: "PHASE_TYPE_COMPLETE", progress: 0 })).toBe(100);
  });
});

describe("task params", () => {
  it("reads numbers from string params", () => {
    const params = { speed: "1048576", peers: "3", bad: "abc", empty: "" };
    expect(numberParam(params, "speed")).toBe(1048576);
    expect(numberParam(params, "peers")).toBe(3);
    expect(numberParam(params, "bad")).toBeUndefined();
    expect(numberParam(params, "empty")).toBeUndefined();
    expect(numberParam(params, "missing")).toBeUndefined();
    expect(numberParam(undefined, "speed")).toBeUndefined();
  });
});

describe("pickedFiles", () => {
  const files = [
    { index: "0", path: "a/1.mkv", size: "10" },
    { index: "1", path: "a/2.nfo" },
    { index: "2", path: "a/3.srt", size: "1" },
  ];

  it("sends nothing when every file is picked", () => {
    expect(pickedFiles(files, new Set(["0", "1", "2"]))).toBeUndefined();
    expect(pickedFiles([], new Set())).toBeUndefined();
  });

  it("sends the picked indexes otherwise", () => {
    expect(pickedFiles(files, new Set(["2", "0"]))).toEqual(["0", "2"]);
    expect(pickedFiles(files, new Set())).toEqual([]);
  });
});

describe("chunks", () => {
  it("splits into runs of the given size", () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([], 20)).toEqual([]);
  });
});

const en: Record<string, string> = JSON.parse(
  readFileSync(new URL("../../../../../packages/texts/src/web/en-US.json", import.meta.url), "utf8"),
);

describe("failureKey", () => {
  it("gives a failed download a reason and a next step, never the raw error name", () => {
    expect(failureKey("offline_fetch_failed")).toBe("tasks.failed.fetch");
    expect(failureKey("offline_link_invalid")).toBe("tasks.failed.link");
    expect(failureKey("something_new")).toBe("tasks.failed.other");
    expect(failureKey("toString")).toBe("tasks.failed.other");
    for (const name of ["offline_fetch_failed", "offline_fetch_timeout", "task_interrupted", "x"]) {
      const text = en[failureKey(name)];
      expect(text, name).toMatch(/try again|check/i);
      expect(text).not.toContain("_");
    }
  });
});
