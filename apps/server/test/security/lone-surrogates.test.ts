import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp, type TestUser } from "../support/users.js";

/**
 * Issue #29 item 6: JSON can carry a lone UTF-16 surrogate (`"\ud800Q1"`), which UTF-8
 * cannot encode; SQLite stored invalid UTF-8 and read back three U+FFFD (Postgres one) while
 * the answer echoed a name never stored. Every such text is refused before it is used.
 */
describe("security: text with a lone surrogate is refused, nothing is stored", () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const send = (method: "POST" | "PATCH", url: string, payload: object) =>
    t.app.inject({ method, url, headers: alice.auth, payload });

  it("a file or folder name", async () => {
    for (const [name, at] of [
      ["\ud800Q1", "name"],
      ["Q1\udc00", "name"],
    ]) {
      const answer = await send("POST", "/drive/v1/files", { kind: "drive#folder", name, parent_id: "" });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe("invalid_argument");
      expect(answer.json().details[0].metadata).toEqual({ field: at });
    }
    const listed = await t.app.inject({ method: "GET", url: "/drive/v1/files", headers: alice.auth });
    expect(JSON.stringify(listed.json())).not.toContain("Q1");
    // A well-formed pair is a character like any other.
    const emoji = await send("POST", "/drive/v1/files", {
      kind: "drive#folder",
      name: "Q1 \ud83d\ude00",
      parent_id: "",
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().file.name).toBe("Q1 😀");
  });

  it("a profile name and a feedback text", async () => {
    const profile = await send("PATCH", "/v1/user/me", { name: "Al\ud800ice" });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ error: "invalid_argument" });
    const me = await t.app.inject({ method: "GET", url: "/v1/user/me", headers: alice.auth });
    expect(me.json().name).not.toContain("\ufffd");
    const feedback = await send("POST", "/drive/v1/feedback", { category: "bug", text: "frozen \udfff" });
    expect(feedback.statusCode).toBe(400);
    expect(feedback.json().error).toBe("invalid_argument");
    expect(feedback.json().details[0].metadata).toEqual({ field: "text" });
  });
});
