import { describe, expect, it } from "vitest";
import { runTool } from "./run-tool.js";

describe("runTool", () => {
  it("collects output and the exit code, without a shell between", async () => {
    const result = await runTool("sh", ["-c", 'printf "%s" "$0"; echo oops >&2; exit 3', "a; rm -rf /"]);
    expect(result).toEqual({ code: 3, stdout: Buffer.from("a; rm -rf /"), stderr: "oops\n" });
  });

  it("answers preview_not_set_up for a missing tool and kills one that runs too long or says too much", async () => {
    await expect(runTool("nimbus-no-such-tool", [])).rejects.toMatchObject({ error: "preview_not_set_up" });
    expect((await runTool("sleep", ["5"], { timeoutMs: 50 })).code).not.toBe(0);
    const chatty = await runTool("yes", [], { maxOutputBytes: 1024 });
    expect(chatty.stdout.length).toBeLessThanOrEqual(1024);
  });
});
