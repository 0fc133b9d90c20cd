import type { KeyValueStorage } from "./platform.js";

export const DEVICE_ID_STORAGE_KEY = "pp_device_id";
export const DEVICE_ID_LENGTH = 32;

/** 32 random lower-case hex digits. */
export function randomDeviceId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(DEVICE_ID_LENGTH / 2));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The device id (spec §3): the last dot-separated segment of the stored value
 * (other clients store `prefix.id`), cut to 32 characters. When nothing usable is
 * stored, a new id is generated and stored.
 */
export function getDeviceId(storage: KeyValueStorage, generate: () => string = randomDeviceId): string {
  const stored = storage.getItem(DEVICE_ID_STORAGE_KEY);
  const id = (stored?.split(".").pop() ?? "").slice(0, DEVICE_ID_LENGTH);
  if (id !== "") return id;
  const created = generate();
  storage.setItem(DEVICE_ID_STORAGE_KEY, created);
  return created.slice(0, DEVICE_ID_LENGTH);
}
