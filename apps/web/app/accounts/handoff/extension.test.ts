import { describe, expect, it, vi } from "vitest";
import { EXTENSION_LOGIN_WAIT_MS, type MessageWindow, requestExtensionCode } from "./extension.js";

const ORIGIN = "https://nimbus.example";

/** A window whose posted messages reach `answer`, which may reply like a content script. */
function fakeWindow(
  answer?: (message: Record<string, unknown>, reply: (data: unknown, origin?: string) => void) => void,
) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: unknown[] = [];
  const win: MessageWindow & { listeners: typeof listeners } = {
    listeners,
    postMessage(message) {
      posted.push(message);
      const reply = (data: unknown, origin = ORIGIN) =>
        queueMicrotask(() => {
          for (const listener of [...listeners]) listener({ data, origin } as MessageEvent);
        });
      answer?.(message as Record<string, unknown>, reply);
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  return { win, posted };
}

const REQUEST = {
  id: "r1",
  client_id: "nimbus-web",
  code_challenge: "c".repeat(43),
  code_challenge_method: "S256" as const,
};

describe("extension login request", () => {
  it("posts the request to the page origin and resolves the content script's code", async () => {
    const { win, posted } = fakeWindow((message, reply) =>
      reply({ source: "nimbus-extension", type: "login_response", id: message.id, code: "ext-code" }),
    );
    await expect(requestExtensionCode(win, ORIGIN, REQUEST)).resolves.toEqual({
      kind: "code",
      code: "ext-code",
    });
    expect(posted[0]).toMatchObject({ source: "nimbus-web", type: "login_request", id: "r1" });
    expect(win.listeners.size).toBe(0);
  });

  it("ignores answers from other origins, other requests and other senders", async () => {
    vi.useFakeTimers();
    try {
      const { win } = fakeWindow((message, reply) => {
        reply(
          { source: "nimbus-extension", type: "login_response", id: message.id, code: "x" },
          "https://evil.example",
        );
        reply({ source: "nimbus-extension", type: "login_response", id: "other", code: "x" });
        reply({ source: "someone", type: "login_response", id: message.id, code: "x" });
      });
      const outcome = requestExtensionCode(win, ORIGIN, REQUEST);
      await vi.advanceTimersByTimeAsync(EXTENSION_LOGIN_WAIT_MS);
      await expect(outcome).resolves.toEqual({ kind: "timeout" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives up after 5 s without an answer", async () => {
    vi.useFakeTimers();
    try {
      const { win } = fakeWindow();
      let settled = false;
      const outcome = requestExtensionCode(win, ORIGIN, REQUEST).finally(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toEqual({ kind: "timeout" });
      expect(win.listeners.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reports a refusal", async () => {
    const { win } = fakeWindow((message, reply) =>
      reply({ source: "nimbus-extension", type: "login_response", id: message.id, error: "unauthenticated" }),
    );
    await expect(requestExtensionCode(win, ORIGIN, REQUEST)).resolves.toEqual({
      kind: "refused",
      error: "unauthenticated",
    });
  });
});
