import { NimbusError } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/database.js";
import { ClientRegistry } from "../clients/client-registry.js";
import { MemoryRateLimitStore } from "../rate-limits/memory-rate-limit-store.js";
import { DeviceFlow, USER_CODE_GUESS_LIMIT, USER_CODE_GUESS_WINDOW_MS } from "./device-flow.js";

describe("DeviceFlow: the limit on wrong user codes", () => {
  const clock = { time: Date.UTC(2026, 0, 1), now: () => clock.time };
  let database: Database;
  let devices: DeviceFlow;
  let limits: MemoryRateLimitStore;
  let userId = 0;
  beforeAll(async () => {
    database = await openDatabase({ kind: "sqlite", file: ":memory:" });
    await database.migrate();
    for (const id of ["U1", "U2", "U3", "U4"]) {
      await database.db
        .insertInto("users")
        .values({
          id,
          email: `${id}@example.com`,
          name: id,
          password_hash: null,
          status: "ACTIVE",
          vip_type: "",
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .execute();
    }
  });
  afterAll(() => database.close());
  const fresh = () => {
    limits = new MemoryRateLimitStore(clock);
    devices = new DeviceFlow(
      database.db,
      new ClientRegistry(),
      clock,
      (l) => `http://nimbus.test/${l}/tv`,
      limits,
    );
    userId += 1;
    return `U${userId}`;
  };
  const errorOf = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      if (error instanceof NimbusError) return error.error;
      throw error;
    }
    return "ok";
  };
  const wrong = (i: number) => `ZZZZ-ZZZ${"BCDFGHJKLMNPQRSTVWXZ"[i % 20]}`;

  it("refuses lookups and answers with too_many_requests once the wrong codes reach the limit, for that person only", async () => {
    const guesser = fresh();
    for (let i = 0; i < USER_CODE_GUESS_LIMIT; i++) {
      const run =
        i % 2 ? () => devices.lookup(guesser, wrong(i)) : () => devices.verify(guesser, wrong(i), true);
      expect(await errorOf(run)).toBe("invalid_grant");
    }
    const started = await devices.start("nimbus-tv", undefined, "en-US");
    // Even the right code is refused now, by lookup and verify alike.
    expect(await errorOf(() => devices.lookup(guesser, started.user_code))).toBe("too_many_requests");
    expect(await errorOf(() => devices.verify(guesser, started.user_code, true))).toBe("too_many_requests");
    expect(await limits.count(`device-code-fail:user:${guesser}`)).toBe(USER_CODE_GUESS_LIMIT);

    const someoneElse = "U4";
    expect((await devices.lookup(someoneElse, started.user_code)).client_id).toBe("nimbus-tv");

    clock.time += USER_CODE_GUESS_WINDOW_MS;
    const again = await devices.start("nimbus-tv", undefined, "en-US");
    expect(await devices.verify(guesser, again.user_code, true)).toMatchObject({ status: "approved" });
  });

  it("counts unknown and already answered codes, but not expired ones or good ones", async () => {
    const person = fresh();
    const key = `device-code-fail:user:${person}`;
    const started = await devices.start("nimbus-cli", undefined, "en-US");
    await devices.lookup(person, started.user_code.toLowerCase().replace("-", " "));
    await devices.verify(person, started.user_code, false);
    expect(await limits.count(key)).toBe(0);
    expect(await errorOf(() => devices.verify(person, started.user_code, true))).toBe("invalid_grant");
    expect(await limits.count(key)).toBe(1);

    const late = await devices.start("nimbus-cli", undefined, "en-US");
    clock.time += late.expires_in * 1000;
    expect(await errorOf(() => devices.lookup(person, late.user_code))).toBe("expired_token");
    expect(await limits.count(key)).toBe(1);
  });
});
