import { afterAll, beforeAll, expect, it } from "vitest";
import { userByQuery } from "../src/modules/users/users-repository.js";
import { createTestApp, type TestApp, testDatabaseKind } from "./support/test-app.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

it.runIf(testDatabaseKind === "sqlite")(
  "finds an account by email, phone or username through its index, whatever the bindings",
  async () => {
    const indexes = { email: "users_email", phone: "users_phone", username: "users_username" } as const;
    for (const [column, index] of Object.entries(indexes)) {
      const compiled = userByQuery(t.database.db, column as keyof typeof indexes, "x@example.com").compile();
      // Only the name is bound: a plan SQLite proves from bound values is recompiled on every
      // execution. Planned with a NULL bound, the index must still be chosen.
      expect(compiled.parameters, column).toEqual(["x@example.com"]);
      const plan = await t.database.db.executeQuery({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
        parameters: [null],
      });
      const text = JSON.stringify(plan.rows);
      expect(text, column).toContain(`USING INDEX ${index}`);
      expect(text, column).not.toMatch(/SCAN users/);
    }
  },
);
