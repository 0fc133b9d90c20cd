import { NimbusError } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import type { JobContext } from "../../jobs/job-queue.js";
import { outcomeOf, TASK_MAX_ATTEMPTS } from "./task-jobs.js";

function context(attempt: number, aborted = false): JobContext {
  const controller = new AbortController();
  if (aborted) controller.abort();
  return { id: "job", attempt, signal: controller.signal };
}

describe("the retry policy of task-backed jobs", () => {
  it("fails a refusal with its name and never retries it", () => {
    const refusal = new NimbusError("file_space_not_enough");
    expect(outcomeOf(refusal, true, context(1))).toEqual({ reason: "file_space_not_enough", rethrow: false });
    expect(outcomeOf(refusal, false, context(1))).toEqual({
      reason: "file_space_not_enough",
      rethrow: false,
    });
  });

  it("retries a fault of a repeatable job, failing its task as internal on the last attempt", () => {
    const fault = new Error("disk");
    expect(outcomeOf(fault, true, context(1))).toEqual({ rethrow: true });
    expect(outcomeOf(fault, true, context(TASK_MAX_ATTEMPTS))).toEqual({ reason: "internal", rethrow: true });
  });

  it("fails a fault of a job that runs once at once", () => {
    expect(outcomeOf(new Error("disk"), false, context(1))).toEqual({ reason: "internal", rethrow: true });
  });

  it("runs a repeatable job cut short by shutdown again; interrupts the others", () => {
    expect(outcomeOf(new Error("aborted"), true, context(1, true))).toEqual({ rethrow: true });
    expect(outcomeOf(new NimbusError("cancelled"), false, context(1, true))).toEqual({
      reason: "task_interrupted",
      rethrow: false,
    });
  });
});
