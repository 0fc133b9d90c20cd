import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testDatabaseKind } from "./support/test-app.js";

describe("health", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("is alive and ready when the database and blob store answer", async () => {
    t = await createTestApp();
    // Guards the Postgres CI run: it must really be on the database it was given.
    expect(t.database.dialect).toBe(testDatabaseKind);
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    // Every preview kind: the npm packages installed a program for each (decision 0056).
    expect(ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", blobs: "ok", data_volume: "ok" },
      previews: { video: true, pdf: true, zip: true, "7z": true, rar: true },
    });
  });

  it("is not ready (503) when the blob store cannot be reached", async () => {
    t = await createTestApp({
      wrapBlobs: (store) =>
        Object.assign(Object.create(store), {
          ping: () => Promise.reject(new Error("disk gone")),
          close: () => store.close(),
        }),
    });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      status: "unavailable",
      checks: { database: "ok", blobs: "unavailable" },
    });
  });

  it("is not ready (503) when the database is gone, while still alive", async () => {
    t = await createTestApp();
    await t.database.close();
    expect((await t.app.inject({ url: "/readyz" })).statusCode).toBe(503);
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });
});
