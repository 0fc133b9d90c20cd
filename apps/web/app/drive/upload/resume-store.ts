import type { ResumeRecord, ResumeStore } from "./upload-types.js";

/** Browser-storage key (spec §3's `pp_` prefix) of the uploads a reload would interrupt. */
export const RESUME_STORAGE_KEY = "pp_upload_sessions";
/** More than this many remembered uploads is a folder of thousands: keep the newest. */
const MAX_RECORDS = 500;

function isRecord(value: unknown): value is ResumeRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.key === "string" &&
    typeof record.name === "string" &&
    typeof record.size === "number" &&
    typeof record.lastModified === "number" &&
    typeof record.relativePath === "string" &&
    typeof record.parentId === "string" &&
    typeof record.fileId === "string" &&
    typeof record.uploadUrl === "string" &&
    typeof record.uploaded === "number" &&
    typeof record.expiresAt === "number"
  );
}

/** The resume records in local storage; unreadable or expired ones are dropped. */
export function localResumeStore(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">): ResumeStore {
  const read = (): ResumeRecord[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(RESUME_STORAGE_KEY) ?? "[]");
      return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
    } catch {
      return [];
    }
  };
  const write = (records: ResumeRecord[]) => {
    try {
      if (records.length === 0) storage.removeItem(RESUME_STORAGE_KEY);
      else storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(records.slice(-MAX_RECORDS)));
    } catch {
      // Storage full or blocked: uploads still run, they just cannot continue after a reload.
    }
  };
  return {
    list(now) {
      const records = read();
      const live = records.filter((record) => record.expiresAt > now);
      if (live.length !== records.length) write(live);
      return live;
    },
    save(record) {
      write([...read().filter((other) => other.key !== record.key), record]);
    },
    remove(key) {
      const records = read();
      const kept = records.filter((record) => record.key !== key);
      if (kept.length !== records.length) write(kept);
    },
  };
}
