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
import { DECOMPRESS_JOB } from "./modules/archives/archive-service.js";
import { COPY_JOB } from "./modules/files/file-operations.js";
import { PREVIEW_JOB } from "./modules/previews/preview-service.js";
import { MemoryRateLimitStore } from "./modules/rate-limits/memory-rate-limit-store.js";
import type { RateLimitStore } from "./modules/rate-limits/rate-limit-store.js";
import { RESTORE_JOB } from "./modules/shares/share-restore.js";
import { createServices } from "./services.js";

// Every shared class is replaced by a subclass that records its constructions.
const built = vi.hoisted(() => {
  const counts = new Map<string, number>();
  const instances = new Map<string, object>();
  function counted<C>(name: string, Base: C): C {
    const Constructor = Base as new (...args: unknown[]) => object;
    return class extends Constructor {
      constructor(...args: unknown[]) {
        super(...args);
        counts.set(name, (counts.get(name) ?? 0) + 1);
        instances.set(name, this);
      }
    } as C;
  }
  return { counts, instances, counted };
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
vi.mock("./modules/links/download-links.js", async (original) => {
  const module = await original<typeof import("./modules/links/download-links.js")>();
  return { ...module, DownloadLinks: built.counted("DownloadLinks", module.DownloadLinks) };
});
vi.mock("./modules/rate-limits/memory-rate-limit-store.js", async (original) => {
  const module = await original<typeof import("./modules/rate-limits/memory-rate-limit-store.js")>();
  return {
    ...module,
    MemoryRateLimitStore: built.counted("MemoryRateLimitStore", module.MemoryRateLimitStore),
  };
});

/** Records registrations and schedules and, like the real queue, refuses a job type registered twice. */
function recordingQueue(): JobQueue & { types: string[]; scheduled: string[] } {
  const types: string[] = [];
  const scheduled: string[] = [];
  return {
    types,
    scheduled,
    register(type) {
      if (types.includes(type)) throw new Error(`job type ${type} is already registered`);
      types.push(type);
    },
    enqueue: async () => "job",
    every(type) {
      scheduled.push(type);
    },
    start() {},
    stop: async () => {},
  };
}

function wire(rateLimits?: RateLimitStore) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "nimbus-services-")),
    NODE_ENV: "test",
  });
  const jobs = recordingQueue();
  built.counts.clear();
  built.instances.clear();
  const services = createServices(
    {
      config,
      // Wiring only stores the handles; nothing here touches the database or the blobs.
      database: { db: {} } as unknown as Database,
      blobs: {} as BlobStore,
      clock: systemClock,
      jobs,
      ...(rateLimits ? { rateLimits } : {}),
    },
    pino({ level: "silent" }),
  );
  return { services, jobs };
}

describe("createServices", () => {
  it("builds each shared object once and hands the same instance to every area", () => {
    const { services } = wire();
    expect(Object.fromEntries(built.counts)).toEqual({
      UsersRepository: 1,
      FilesRepository: 1,
      PreviewStore: 1,
      DriveEvents: 1,
      TaskService: 1,
      DownloadLinks: 1,
      MemoryRateLimitStore: 1,
    });
    // What routes reach through `services` is that one instance, not a copy.
    expect(services.users).toBe(built.instances.get("UsersRepository"));
    expect(services.events).toBe(built.instances.get("DriveEvents"));
    expect(services.tasks).toBe(built.instances.get("TaskService"));
    expect(services.links).toBe(built.instances.get("DownloadLinks"));
    expect(services.rateLimits).toBe(built.instances.get("MemoryRateLimitStore"));
  });

  it("registers a handler for every job the services enqueue or schedule", () => {
    const { jobs } = wire();
    for (const type of [COPY_JOB, PREVIEW_JOB, DECOMPRESS_JOB, RESTORE_JOB, ...jobs.scheduled]) {
      expect(jobs.types, type).toContain(type);
    }
    expect(jobs.scheduled.length).toBeGreaterThan(0);
  });

  it("uses the rate-limit store it is given and builds none of its own", () => {
    const given = new MemoryRateLimitStore(systemClock);
    built.counts.clear();
    const { services } = wire(given);
    expect(built.counts.get("MemoryRateLimitStore")).toBeUndefined();
    expect(services.rateLimits).toBe(given);
  });
});
