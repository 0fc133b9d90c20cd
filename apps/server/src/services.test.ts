import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import type { BlobStore } from "./blobs/blob-store.js";
import { loadConfig } from "./config/config.js";
import type { Database } from "./db/database.js";
import type { JobQueue } from "./jobs/job-queue.js";
import { systemClock } from "./lib/clock.js";
import { createServices } from "./services.js";

// Every shared class is replaced by a subclass that counts its constructions.
const built = vi.hoisted(() => {
  const counts = new Map<string, number>();
  function counted<C>(name: string, Base: C): C {
    const Constructor = Base as new (...args: unknown[]) => object;
    return class extends Constructor {
      constructor(...args: unknown[]) {
        super(...args);
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    } as C;
  }
  return { counts, counted };
});

vi.mock("./modules/users/users-repository.js", async (original) => {
  const module = await original<typeof import("./modules/users/users-repository.js")>();
  return { ...module, UsersRepository: built.counted("UsersRepository", module.UsersRepository) };
});
vi.mock("./modules/files/files-repository.js", async (original) => {
  const module = await original<typeof import("./modules/files/files-repository.js")>();
  return { ...module, FilesRepository: built.counted("FilesRepository", module.FilesRepository) };
});
vi.mock("./modules/previews/preview-store.js", async (original) => {
  const module = await original<typeof import("./modules/previews/preview-store.js")>();
  return { ...module, PreviewStore: built.counted("PreviewStore", module.PreviewStore) };
});
vi.mock("./modules/events/drive-events.js", async (original) => {
  const module = await original<typeof import("./modules/events/drive-events.js")>();
  return { ...module, DriveEvents: built.counted("DriveEvents", module.DriveEvents) };
});
vi.mock("./modules/tasks/task-service.js", async (original) => {
  const module = await original<typeof import("./modules/tasks/task-service.js")>();
  return { ...module, TaskService: built.counted("TaskService", module.TaskService) };
});
vi.mock("./modules/files/download-links.js", async (original) => {
  const module = await original<typeof import("./modules/files/download-links.js")>();
  return { ...module, DownloadLinks: built.counted("DownloadLinks", module.DownloadLinks) };
});
vi.mock("./modules/rate-limits/memory-rate-limit-store.js", async (original) => {
  const module = await original<typeof import("./modules/rate-limits/memory-rate-limit-store.js")>();
  return {
    ...module,
    MemoryRateLimitStore: built.counted("MemoryRateLimitStore", module.MemoryRateLimitStore),
  };
});

/** Records registrations and, like the real queue, refuses a job type registered twice. */
function recordingQueue(): JobQueue & { types: string[] } {
  const types: string[] = [];
  return {
    types,
    register(type) {
      if (types.includes(type)) throw new Error(`job type ${type} is already registered`);
      types.push(type);
    },
    enqueue: async () => "job",
    every() {},
    start() {},
    stop: async () => {},
  };
}

describe("createServices", () => {
  it("builds each shared object once and hands the same instance to every area", () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "nimbus-services-")),
      NODE_ENV: "test",
    });
    const jobs = recordingQueue();
    built.counts.clear();
    const services = createServices(
      {
        config,
        // Wiring only stores the handles; nothing here touches the database or the blobs.
        database: { db: {} } as unknown as Database,
        blobs: {} as BlobStore,
        clock: systemClock,
        jobs,
      },
      pino({ level: "silent" }),
    );
    expect(Object.fromEntries(built.counts)).toEqual({
      UsersRepository: 1,
      FilesRepository: 1,
      PreviewStore: 1,
      DriveEvents: 1,
      TaskService: 1,
      DownloadLinks: 1,
      MemoryRateLimitStore: 1,
    });
    expect(services.events).toBeDefined();
    expect(jobs.types).toContain("files.copy");
  });
});
