import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobQueue } from "../src/jobs/job-queue.js";
import { COPY_INLINE_MAX_ITEMS } from "../src/modules/files/file-operations.js";
import { TaskJobs } from "../src/modules/tasks/task-jobs.js";
import { TaskService } from "../src/modules/tasks/task-service.js";
import { checkInvariants, type DriveClient, driveClient, seedCopies } from "./support/drive.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp } from "./support/users.js";

let t: TestApp;
let drive: DriveClient;
let bob: DriveClient;

beforeAll(async () => {
  t = await createTestApp();
  drive = driveClient(t, await signUp(t.app));
  bob = driveClient(t, await signUp(t.app));
});
afterAll(() => t.close());

describe("copy tasks", () => {
  it("runs a large folder copy as a drive#task through the job queue", async () => {
    const folder = await drive.folder("Big");
    const sub = await drive.folder("sub", folder.id);
    const file = await drive.upload("one.bin", randomBytes(10), sub.id);
    await seedCopies(t, file, folder.id, COPY_INLINE_MAX_ITEMS + 5);
    const other = await drive.folder("Other");
    const usage = (await drive.about()).usage;

    const answer = await drive.ok("POST", "/drive/v1/files:batchCopy", {
      ids: [folder.id, other.id],
      to: { parent_id: "" },
    });
    expect(answer.task_id).not.toBe("");
    expect(answer.files).toBeUndefined();
    await t.jobs.drain();

    const task = await drive.ok("GET", `/drive/v1/tasks/${answer.task_id}`);
    expect(task).toMatchObject({
      kind: "drive#task",
      id: answer.task_id,
      type: "copy",
      name: "Big",
      phase: "PHASE_TYPE_COMPLETE",
      progress: 100,
      file_name: "Big (1)",
      message: "",
      params: { parent_id: "", ids: "2", items: String(COPY_INLINE_MAX_ITEMS + 9) },
    });
    // Every top-level copy is reported, so a client can undo the whole copy.
    const copies = task.params.file_ids.split(",");
    expect(copies).toHaveLength(2);
    expect(copies[0]).toBe(task.file_id);
    const roots = await drive.listAll({ parent_id: "", limit: 1000 });
    expect(copies.map((id: string) => roots.find((f: { id: string }) => f.id === id)?.name)).toEqual([
      "Big (1)",
      "Other (1)",
    ]);
    const copied = await drive.listAll({ parent_id: task.file_id, limit: 1000 });
    expect(copied).toHaveLength(COPY_INLINE_MAX_ITEMS + 6);
    expect((await drive.about()).usage).toBe(usage * 2);
    await checkInvariants(t);

    // Only the owner sees it.
    const foreign = await bob.call("GET", `/drive/v1/tasks/${answer.task_id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("task_not_found");
    expect((await bob.ok("GET", "/drive/v1/tasks")).tasks).toEqual([]);
  });

  it("ends a task that cannot fit in ERROR with the reason, and changes nothing", async () => {
    const tight = await createTestApp({ env: { FREE_STORAGE_BYTES: "20000" } });
    try {
      const user = driveClient(tight, await signUp(tight.app));
      const folder = await user.folder("Full");
      const file = await user.upload("f.bin", randomBytes(10), folder.id);
      await seedCopies(tight, file, folder.id, COPY_INLINE_MAX_ITEMS + 500); // 15 000 bytes in all
      const answer = await user.ok("POST", "/drive/v1/files:batchCopy", {
        ids: [folder.id],
        to: { parent_id: "" },
      });
      await tight.jobs.drain();
      const task = await user.ok("GET", `/drive/v1/tasks/${answer.task_id}`);
      expect(task).toMatchObject({ phase: "PHASE_TYPE_ERROR", message: "file_space_not_enough" });
      expect(await user.listAll({ parent_id: "" })).toHaveLength(1);
      await checkInvariants(tight);
    } finally {
      await tight.close();
    }
  });

  it("lists tasks by type and phase, a page at a time, and deletes them", async () => {
    const folder = await drive.folder("Many");
    const file = await drive.upload("m.bin", randomBytes(3), folder.id);
    await seedCopies(t, file, folder.id, COPY_INLINE_MAX_ITEMS);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await drive.ok("POST", "/drive/v1/files:batchCopy", { ids: [folder.id], to: { parent_id: "" } }))
          .task_id,
      );
    }
    await t.jobs.drain();
    const all = await drive.ok("GET", "/drive/v1/tasks?type=copy");
    expect(all.kind).toBe("drive#taskList");
    expect(all.tasks).toHaveLength(4);
    const page = await drive.ok("GET", "/drive/v1/tasks?type=copy&limit=2");
    expect(page.tasks).toHaveLength(2);
    const rest = await drive.ok(
      "GET",
      `/drive/v1/tasks?type=copy&limit=2&page_token=${page.next_page_token}`,
    );
    expect([...page.tasks, ...rest.tasks].map((task: { id: string }) => task.id)).toEqual(
      all.tasks.map((task: { id: string }) => task.id),
    );
    const filters = encodeURIComponent(
      JSON.stringify({ phase: { in: "PHASE_TYPE_COMPLETE,PHASE_TYPE_ERROR" } }),
    );
    expect((await drive.ok("GET", `/drive/v1/tasks?filters=${filters}`)).tasks).toHaveLength(4);
    const running = encodeURIComponent(JSON.stringify({ phase: { eq: "PHASE_TYPE_RUNNING" } }));
    expect((await drive.ok("GET", `/drive/v1/tasks?filters=${running}`)).tasks).toEqual([]);
    expect((await drive.ok("GET", "/drive/v1/tasks?type=offline")).tasks).toEqual([]);

    expect((await bob.ok("DELETE", `/drive/v1/tasks?task_ids=${ids.join(",")}`)).deleted).toBe(0);
    expect(
      (await drive.ok("DELETE", `/drive/v1/tasks?task_ids=${ids[0]}&task_ids=${ids[1]},${ids[2]}`)).deleted,
    ).toBe(3);
    expect((await drive.ok("GET", "/drive/v1/tasks")).tasks).toHaveLength(1);
    const bad = await drive.call(
      "GET",
      `/drive/v1/tasks?filters=${encodeURIComponent('{"phase":{"eq":"DONE"}}')}`,
    );
    expect(bad.body.error).toBe("invalid_filters");
  });
});

describe("requeued tasks", () => {
  it("answers the task as queued, even when a runner starts it at once", async () => {
    const tasks = new TaskService(t.database.db, { now: () => Date.now() });
    // A runner on another node that claims the job the moment it is queued.
    const eager: JobQueue = {
      register: () => {},
      every: () => {},
      start: () => {},
      stop: async () => {},
      enqueue: async (_type, payload) => {
        await tasks.start((payload as { taskId: string }).taskId);
        return "job";
      },
    };
    const taskJobs = new TaskJobs(t.database.db, tasks, eager);
    taskJobs.register({ type: "test.eager", repeatable: true, run: async () => ({}) });
    const me = await signUp(t.app);
    const task = await tasks.create({ userId: me.id, type: "offline", name: "eager" });
    await tasks.fail(task.id, "offline_fetch_failed");

    const queued = await taskJobs.requeue("test.eager", { taskId: task.id });
    expect(queued).toMatchObject({ id: task.id, phase: "PHASE_TYPE_PENDING", message: "" });
    expect((await tasks.get(me.id, task.id)).phase).toBe("PHASE_TYPE_RUNNING");
  });
});
