import { describe, expect, it } from "vitest";
import { createAppBridge } from "./app-bridge.js";
import { DESKTOP_CODE_HEADER } from "./desktop.js";
import type { MessageWindow } from "./extension.js";
import { createPkce } from "./pkce.js";
import { planHandoff } from "./plan.js";
import { confirmHandoff, type HandoffDeps, runHandoff } from "./run-handoff.js";

const PKCE = { verifier: "v".repeat(43), challenge: "c".repeat(43), method: "S256" as const };

/**
 * A fake page: a server session that the exchange sets, with a log of calls. A code
 * given with a verifier counts as bound to the page's challenge.
 */
function fakePage(initialUser?: string, extra: Partial<HandoffDeps> = {}) {
  const log: string[] = [];
  let user = initialUser;
  const deps: HandoffDeps = {
    refresh: async () => {
      log.push("refresh");
      return user ? { userId: user } : undefined;
    },
    describe: async (code, verifier) => {
      log.push(verifier ? `describe ${code} ${verifier.slice(0, 1)}` : `describe ${code}`);
      if (code === "bad") return { ok: false, error: "invalid_grant" };
      return { ok: true, account: { userId: `user-of-${code}`, label: code, bound: Boolean(verifier) } };
    },
    exchange: async (code, verifier) => {
      log.push(verifier ? `exchange ${code} ${verifier.slice(0, 1)}` : `exchange ${code}`);
      if (code === "bad") return { ok: false, error: "invalid_grant" };
      user = `user-of-${code}`;
      return { ok: true };
    },
    pkce: async () => PKCE,
    newId: () => "req-1",
    ...extra,
  };
  return { deps, log };
}

describe("runHandoff", () => {
  it("does nothing for a plain address", async () => {
    const { deps, log } = fakePage();
    expect(await runHandoff(planHandoff(""), deps)).toEqual({ status: "none" });
    expect(log).toEqual([]);
  });

  describe("app webview (bridge_auth=1)", () => {
    it("keeps a valid session without asking the app", async () => {
      const asked: string[] = [];
      const bridge = createAppBridge({ getAuthCode: () => asked.push("asked") && "" });
      const { deps, log } = fakePage("u1", { bridge });
      expect(await runHandoff(planHandoff("?bridge_auth=1"), deps)).toEqual({ status: "kept", userId: "u1" });
      expect(asked).toEqual([]);
      expect(log).toEqual(["refresh"]);
    });

    it("asks the app for a code and exchanges it", async () => {
      const bridge = createAppBridge({ getAuthCode: () => '{"code":0,"data":{"code":"app"}}' });
      const { deps, log } = fakePage(undefined, { bridge });
      expect(await runHandoff(planHandoff("?bridge_auth=1"), deps)).toEqual({
        status: "signed-in",
        userId: "user-of-app",
      });
      expect(log).toEqual(["refresh", "describe app v", "exchange app v", "refresh"]);
    });

    it("reports the bridge's 404 and -2 errors", async () => {
      const missing = fakePage(undefined, { bridge: createAppBridge({}) });
      expect(await runHandoff({ kind: "bridge" }, missing.deps)).toEqual({
        status: "failed",
        error: "method is not declared",
        bridgeCode: 404,
      });
      const garbled = fakePage(undefined, { bridge: createAppBridge({ getAuthCode: () => "<html>" }) });
      expect(await runHandoff({ kind: "bridge" }, garbled.deps)).toEqual({
        status: "failed",
        error: "process response data error!",
        bridgeCode: -2,
      });
      const noCode = fakePage(undefined, {
        bridge: createAppBridge({ getAuthCode: () => '{"code":0,"data":{}}' }),
      });
      expect(await runHandoff({ kind: "bridge" }, noCode.deps)).toMatchObject({ bridgeCode: -2 });
    });
  });

  describe("code in the address without a state", () => {
    it("asks a signed-in visitor before switching, and signs nothing out until the exchange", async () => {
      const { deps, log } = fakePage("someone-else");
      const result = await runHandoff(planHandoff("?code=xyz"), deps);
      expect(result).toMatchObject({
        status: "confirm",
        pending: { account: { userId: "user-of-xyz" }, current: { userId: "someone-else" }, code: "xyz" },
      });
      expect(log).toEqual(["refresh", "describe xyz"]);
      if (result.status !== "confirm") throw new Error("not asked");
      expect(await confirmHandoff(deps, result.pending)).toEqual({
        status: "signed-in",
        userId: "user-of-xyz",
      });
      expect(log).toEqual(["refresh", "describe xyz", "exchange xyz", "refresh"]);
    });

    it("asks a signed-out visitor too: nothing ties the code to this browser", async () => {
      const { deps, log } = fakePage();
      expect(await runHandoff(planHandoff("?code=xyz"), deps)).toMatchObject({
        status: "confirm",
        pending: { account: { userId: "user-of-xyz", bound: false }, current: undefined },
      });
      expect(log).toEqual(["refresh", "describe xyz"]);
    });

    it("keeps the session when the code is for the account already signed in", async () => {
      const { deps, log } = fakePage("user-of-xyz");
      expect(await runHandoff(planHandoff("?code=xyz"), deps)).toEqual({
        status: "kept",
        userId: "user-of-xyz",
      });
      expect(log).toEqual(["refresh", "describe xyz"]);
    });

    it("with a scope, keeps the session when the app's stored user is the signed-in one", async () => {
      const bridge = createAppBridge({ getUserInfo: () => '{"code":0,"data":{"user_id":"u1"}}' });
      const { deps, log } = fakePage("u1", { bridge });
      expect(await runHandoff(planHandoff("?code=xyz&scope=user"), deps)).toEqual({
        status: "kept",
        userId: "u1",
      });
      expect(log).toEqual(["refresh"]);
    });

    it("with a scope, asks before switching when the app's user differs", async () => {
      const bridge = createAppBridge({ getUserInfo: () => '{"code":0,"data":{"user_id":"u2"}}' });
      const { deps, log } = fakePage("u1", { bridge });
      expect(await runHandoff(planHandoff("?code=xyz&scope=user"), deps)).toMatchObject({
        status: "confirm",
      });
      expect(log).toEqual(["refresh", "describe xyz"]);
    });

    it("reports a refused code and leaves the session alone", async () => {
      const { deps, log } = fakePage("u1");
      expect(await runHandoff(planHandoff("?code=bad"), deps)).toEqual({
        status: "failed",
        error: "invalid_grant",
      });
      expect(log).toEqual(["refresh", "describe bad"]);
      expect(await deps.refresh()).toEqual({ userId: "u1" });
    });
  });

  it("extension: exchanges the code the content script answers, with the verifier", async () => {
    const listeners = new Set<(event: MessageEvent) => void>();
    const win: MessageWindow = {
      postMessage: (message) => {
        const { id, code_challenge } = message as { id: string; code_challenge: string };
        queueMicrotask(() => {
          for (const listener of listeners)
            listener({
              origin: "https://n.example",
              data: {
                source: "nimbus-extension",
                type: "login_response",
                id,
                code: `ext-${code_challenge.length}`,
              },
            } as MessageEvent);
        });
      },
      addEventListener: (_t, l) => listeners.add(l),
      removeEventListener: (_t, l) => listeners.delete(l),
    };
    const { deps, log } = fakePage(undefined, { messages: { win, origin: "https://n.example" } });
    expect(await runHandoff(planHandoff("?from_source=pp_browser_extension"), deps)).toEqual({
      status: "signed-in",
      userId: "user-of-ext-43",
    });
    expect(log).toEqual(["refresh", "describe ext-43 v", "exchange ext-43 v", "refresh"]);
  });

  it("extension: a silent extension fails after the wait", async () => {
    const win: MessageWindow = {
      postMessage: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    const { deps } = fakePage(undefined, { messages: { win, origin: "https://n.example", waitMs: 5 } });
    expect(await runHandoff({ kind: "extension" }, deps)).toEqual({
      status: "failed",
      error: "deadline_exceeded",
    });
  });

  it("desktop: reads the code from the loopback answer's header and exchanges it with the verifier", async () => {
    const urls: string[] = [];
    const { deps, log } = fakePage(undefined, {
      desktopFetch: async (url) => {
        urls.push(url);
        return { ok: true, status: 200, headers: new Headers({ [DESKTOP_CODE_HEADER]: "desk" }) };
      },
    });
    expect(await runHandoff(planHandoff("?from_source=pc_client&port=c350"), deps)).toMatchObject({
      status: "signed-in",
    });
    expect(urls).toEqual(["http://127.0.0.1:50000/nimbus/auth"]);
    expect(log).toEqual(["refresh", "describe desk v", "exchange desk v", "refresh"]);
  });

  it("desktop: with another account signed in, asks before switching", async () => {
    const { deps, log } = fakePage("someone-else", {
      desktopFetch: async () => ({
        ok: true,
        status: 200,
        headers: new Headers({ [DESKTOP_CODE_HEADER]: "desk" }),
      }),
    });
    expect(await runHandoff({ kind: "desktop", port: 50000 }, deps)).toMatchObject({
      status: "confirm",
      pending: { account: { bound: true }, current: { userId: "someone-else" }, verifier: PKCE.verifier },
    });
    expect(log).toEqual(["refresh", "describe desk v"]);
  });

  it("desktop: nothing listening fails as unreachable", async () => {
    const { deps } = fakePage(undefined, {
      desktopFetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await runHandoff({ kind: "desktop", port: 50000 }, deps)).toEqual({
      status: "failed",
      error: "unreachable",
    });
  });
});

describe("createPkce", () => {
  it("makes a 43-character verifier and its S256 challenge (RFC 7636 appendix B)", async () => {
    const pkce = await createPkce();
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pkce.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fixed = new Uint8Array([
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214,
      191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]);
    const rfc = await createPkce({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        (array as unknown as Uint8Array).set(fixed);
        return array;
      },
      subtle: globalThis.crypto.subtle,
    } as Crypto);
    expect(rfc).toEqual({
      verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
      challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      method: "S256",
    });
  });
});
