import { NimbusError } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { BACKOFF_MAX_ATTEMPTS, backoffDelayMs, withBackoff } from "./backoff.js";

function recorder() {
  const pauses: number[] = [];
  return { pauses, sleep: async (ms: number) => void pauses.push(ms) };
}

describe("exponential backoff (spec §9)", () => {
  it("waits 1 s times 2 to the attempt number", () => {
    expect([0, 1, 2, 3, 13].map(backoffDelayMs)).toEqual([1000, 2000, 4000, 8000, 8_192_000]);
  });

  it("stops after 15 attempts in all", async () => {
    const { pauses, sleep } = recorder();
    let attempts = 0;
    const failure = await withBackoff(
      async () => {
        attempts++;
        throw new NimbusError("unreachable");
      },
      { sleep },
    ).catch((error: unknown) => error);
    expect(BACKOFF_MAX_ATTEMPTS).toBe(15);
    expect(attempts).toBe(15);
    expect(failure).toMatchObject({ error: "unreachable" });
    expect(pauses).toHaveLength(14);
    expect(pauses.slice(0, 3)).toEqual([1000, 2000, 4000]);
  });

  it("returns the first success and does not retry a final failure", async () => {
    const { pauses, sleep } = recorder();
    await expect(
      withBackoff(
        async (attempt) => {
          if (attempt < 2) throw new NimbusError("unreachable");
          return attempt;
        },
        { sleep },
      ),
    ).resolves.toBe(2);
    expect(pauses).toEqual([1000, 2000]);
    let attempts = 0;
    await expect(
      withBackoff(
        async () => {
          attempts++;
          throw new NimbusError("local", "bad");
        },
        { sleep },
      ),
    ).rejects.toMatchObject({ error: "local" });
    expect(attempts).toBe(1);
  });

  it("never exceeds 15 attempts even when asked for more", async () => {
    const { sleep } = recorder();
    let attempts = 0;
    await withBackoff(
      async () => {
        attempts++;
        throw new Error("x");
      },
      { sleep, shouldRetry: () => true, maxAttempts: 100 },
    ).catch(() => undefined);
    expect(attempts).toBe(15);
  });
});
