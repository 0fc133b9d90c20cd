import { describe, expect, it } from "vitest";
import { memoryStorage } from "../lib/platform.js";
import {
  forgetPendingRestore,
  MY_DRIVE,
  PENDING_RESTORE_TTL_MS,
  RESTORE_CONTINUE_KEY,
  RESTORE_REQUEST_BODY_KEY,
  readPendingRestore,
  readSaveTarget,
  rememberPendingRestore,
  rememberSaveTarget,
} from "./restore-continuation.js";

const body = { share_id: "SH1", pass_code_token: "tok", file_ids: ["a"], parent_id: "" };

describe("pending restore (spec §3 restore_continue / restore_request_body)", () => {
  it("keeps the page and the request until read back fresh", () => {
    const storage = memoryStorage();
    rememberPendingRestore(storage, "/s/SH1/f1", body, 1_000);
    expect(readPendingRestore(storage, 2_000)).toEqual({ path: "/s/SH1/f1", at: 1_000, body });
    forgetPendingRestore(storage);
    expect(storage.data.size).toBe(0);
  });

  it("drops a stale continuation", () => {
    const storage = memoryStorage();
    rememberPendingRestore(storage, "/s/SH1", body, 0);
    expect(readPendingRestore(storage, PENDING_RESTORE_TTL_MS)).toBeUndefined();
    expect(storage.data.size).toBe(0);
  });

  it("drops broken records and paths that are not share pages", () => {
    const broken = memoryStorage({ [RESTORE_CONTINUE_KEY]: "{", [RESTORE_REQUEST_BODY_KEY]: "{}" });
    expect(readPendingRestore(broken, 1)).toBeUndefined();
    expect(broken.data.size).toBe(0);
    const elsewhere = memoryStorage();
    rememberPendingRestore(elsewhere, "https://evil.example/s/x", body, 0);
    expect(readPendingRestore(elsewhere, 1)).toBeUndefined();
  });

  it("is absent when nothing was stored", () => {
    expect(readPendingRestore(memoryStorage(), 1)).toBeUndefined();
  });
});

describe("save target (spec §3 restore_to_drive)", () => {
  it("defaults to My Drive and remembers the last folder", () => {
    const storage = memoryStorage();
    expect(readSaveTarget(storage)).toEqual(MY_DRIVE);
    rememberSaveTarget(storage, { id: "F1", name: "Films" });
    expect(readSaveTarget(storage)).toEqual({ id: "F1", name: "Films" });
    storage.setItem("pp_restore_to_drive", '"x"');
    expect(readSaveTarget(storage)).toEqual(MY_DRIVE);
  });
});
