import { describe, expect, it } from "vitest";
import { DESKTOP_CODE_HEADER, type DesktopFetch, requestDesktopCode } from "./desktop.js";

const BODY = {
  client_id: "nimbus-web",
  code_challenge: "c".repeat(43),
  code_challenge_method: "S256" as const,
};

function answering(status: number, headers: Record<string, string>, calls: unknown[] = []): DesktopFetch {
  return async (url, init) => {
    calls.push({ url, body: JSON.parse(init.body) });
    return { ok: status < 300, status, headers: new Headers(headers) };
  };
}

describe("desktop hand-off", () => {
  it("posts the challenge to the loopback port and reads the code from the response header", async () => {
    const calls: unknown[] = [];
    const outcome = await requestDesktopCode(
      50000,
      BODY,
      answering(200, { [DESKTOP_CODE_HEADER]: "desk-code" }, calls),
    );
    expect(outcome).toEqual({ kind: "code", code: "desk-code" });
    expect(calls).toEqual([{ url: "http://127.0.0.1:50000/nimbus/auth", body: BODY }]);
  });

  it("fails without the header, on an error status, or when nothing listens", async () => {
    expect(await requestDesktopCode(50000, BODY, answering(200, {}))).toEqual({
      kind: "failed",
      reason: "HTTP 200",
    });
    expect(
      await requestDesktopCode(50000, BODY, answering(403, { [DESKTOP_CODE_HEADER]: "x" })),
    ).toMatchObject({
      kind: "failed",
    });
    const refused: DesktopFetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await requestDesktopCode(50000, BODY, refused)).toEqual({
      kind: "failed",
      reason: "Failed to fetch",
    });
  });
});
