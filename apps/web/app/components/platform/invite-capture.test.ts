import { describe, expect, it } from "vitest";
import { inviteCodeFromSearch } from "./invite-capture.js";

describe("inviteCodeFromSearch", () => {
  it("reads a code-like ?invite= and nothing else", () => {
    expect(inviteCodeFromSearch("?invite=AbC_12-x")).toBe("AbC_12-x");
    expect(inviteCodeFromSearch("?a=1&invite=%20xyz%20")).toBe("xyz");
    expect(inviteCodeFromSearch("")).toBeUndefined();
    expect(inviteCodeFromSearch("?invite=")).toBeUndefined();
    expect(inviteCodeFromSearch("?invite=<script>")).toBeUndefined();
  });
});
