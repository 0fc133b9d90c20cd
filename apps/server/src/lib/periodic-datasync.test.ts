import { expect, it } from "vitest";
import { PeriodicDatasync } from "./periodic-datasync.js";

function fakeFile(fail?: Error) {
  const calls: Array<() => void> = [];
  return {
    calls,
    datasync: () =>
      new Promise<void>((resolve, reject) => {
        calls.push(() => (fail ? reject(fail) : resolve()));
      }),
  };
}

it("syncs in the background once enough is written, one at a time, and the rest at the end", async () => {
  const file = fakeFile();
  const sync = new PeriodicDatasync(file, 100, () => undefined);
  sync.written(60);
  expect(file.calls).toHaveLength(0);
  sync.written(60);
  expect(file.calls).toHaveLength(1);
  sync.written(150); // one in flight already: counted, not started
  expect(file.calls).toHaveLength(1);
  file.calls[0]?.();
  await sync.settled();
  const rest = sync.rest();
  expect(file.calls).toHaveLength(2);
  file.calls[1]?.();
  await rest;
  await sync.rest(); // nothing left to sync
  expect(file.calls).toHaveLength(2);
});

it("hands a failed background sync to onFailure", async () => {
  const failures: Error[] = [];
  const file = fakeFile(new Error("EIO"));
  const sync = new PeriodicDatasync(file, 10, (error) => failures.push(error));
  sync.written(10);
  file.calls[0]?.();
  await sync.settled();
  expect(failures.map((error) => error.message)).toEqual(["EIO"]);
});
