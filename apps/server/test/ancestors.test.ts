import type { Ancestors } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app.js";
import { signUp, type TestUser } from "./support/users.js";

describe("GET /drive/v1/files/{id}/ancestors (breadcrumbs)", () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  async function folder(name: string, parentId = ""): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: alice.auth,
      payload: { kind: "drive#folder", name, parent_id: parentId },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ file: { id: string } }>().file.id;
  }

  it("lists the folders from the root down to the item, the item last", async () => {
    const a = await folder("Photos");
    const b = await folder("2024", a);
    const c = await folder("Summer", b);
    const response = await t.app.inject({ url: `/drive/v1/files/${c}/ancestors`, headers: alice.auth });
    expect(response.statusCode).toBe(200);
    const body = response.json<Ancestors>();
    expect(body.kind).toBe("drive#ancestors");
    expect(body.ancestors).toEqual([
      { id: a, name: "Photos", parent_id: "" },
      { id: b, name: "2024", parent_id: a },
      { id: c, name: "Summer", parent_id: b },
    ]);
  });

  it("answers file_not_found for someone else's item, an unknown id, and without a session 401", async () => {
    const mine = await folder("Private");
    const other = await t.app.inject({ url: `/drive/v1/files/${mine}/ancestors`, headers: bob.auth });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "file_not_found" });
    const unknown = await t.app.inject({ url: "/drive/v1/files/nope/ancestors", headers: alice.auth });
    expect(unknown.json()).toMatchObject({ error: "file_not_found" });
    const anonymous = await t.app.inject({ url: `/drive/v1/files/${mine}/ancestors` });
    expect(anonymous.statusCode).toBe(401);
  });
});
