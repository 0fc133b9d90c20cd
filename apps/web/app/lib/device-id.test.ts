import { describe, expect, it } from "vitest";
import { DEVICE_ID_LENGTH, DEVICE_ID_STORAGE_KEY, getDeviceId, randomDeviceId } from "./device-id.js";
import { memoryStorage } from "./platform.js";

describe("device id (spec §3, §9)", () => {
  it("reads the stored id", () => {
    const storage = memoryStorage({ [DEVICE_ID_STORAGE_KEY]: "0123456789abcdef0123456789abcdef" });
    expect(getDeviceId(storage)).toBe("0123456789abcdef0123456789abcdef");
  });

  it("takes the last dot-separated segment and cuts it to 32 characters", () => {
    expect(DEVICE_ID_LENGTH).toBe(32);
    const long = `wdi10.${"a".repeat(32)}${"b".repeat(8)}`;
    expect(getDeviceId(memoryStorage({ [DEVICE_ID_STORAGE_KEY]: long }))).toBe("a".repeat(32));
    expect(getDeviceId(memoryStorage({ [DEVICE_ID_STORAGE_KEY]: "x.y.short" }))).toBe("short");
  });

  it("generates and stores 32 hex digits when nothing usable is stored", () => {
    const empty = memoryStorage();
    const id = getDeviceId(empty);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(empty.getItem(DEVICE_ID_STORAGE_KEY)).toBe(id);
    expect(getDeviceId(empty)).toBe(id);
    const trailingDot = memoryStorage({ [DEVICE_ID_STORAGE_KEY]: "wdi10." });
    expect(getDeviceId(trailingDot, () => "f".repeat(32))).toBe("f".repeat(32));
    expect(trailingDot.getItem(DEVICE_ID_STORAGE_KEY)).toBe("f".repeat(32));
  });

  it("generates different ids", () => {
    expect(randomDeviceId()).not.toBe(randomDeviceId());
  });
});
