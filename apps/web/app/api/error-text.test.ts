import { describe, expect, it } from "vitest";
import { errorText } from "./client.js";

const t = (key: string) => `[${key}]`;

describe("errorText", () => {
  it("shows the server's own sentence", () => {
    expect(errorText({ error: "file_not_found", error_description: "File not found.", status: 404 }, t)).toBe(
      "File not found.",
    );
  });

  it("never shows a bare status line: a 5xx is the server's fault, anything else unknown", () => {
    expect(errorText({ error: "unavailable", error_description: "HTTP 502", status: 502 }, t)).toBe(
      "[api.serverError]",
    );
    expect(errorText({ error: "unknown", error_description: "HTTP 418", status: 418 }, t)).toBe(
      "[api.unknown]",
    );
    expect(errorText({ error: "internal", status: 500 }, t)).toBe("[api.serverError]");
  });

  it("tells a call that never reached the server and a missing API apart", () => {
    expect(errorText({ error: "unreachable", status: 0 }, t)).toBe("[api.unreachable]");
    expect(errorText({ error: "route_not_found", status: 404 }, t)).toBe("[api.notAvailable]");
    expect(errorText({ error: "unknown", status: 0 }, t)).toBe("[api.unknown]");
  });
});
