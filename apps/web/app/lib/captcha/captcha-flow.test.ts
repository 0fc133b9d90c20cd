import { NimbusError } from "@nimbus/protocol";
import { describe, expect, it, vi } from "vitest";
import { createRequestClient } from "../http/request.js";
import { answer, scriptedFetch } from "../http/test-fetch.js";
import { memoryStorage } from "../platform.js";
import {
  CAPTCHA_CHALLENGE_SIZE,
  CAPTCHA_EARLY_EXPIRY_MS,
  type CaptchaChallengeResult,
  captchaCancelled,
  captchaStorageKey,
  createCaptchaFlow,
  readChallengeRedirect,
} from "./captcha-flow.js";

const T0 = 1_700_000_000_000;
const META = { captcha_sign: "1.abc", user_id: "" };

function setup(
  answers: Parameters<typeof scriptedFetch>,
  showChallenge?: (url: string) => Promise<CaptchaChallengeResult>,
) {
  const script = scriptedFetch(...answers);
  const storage = memoryStorage();
  const clock = { now: T0 };
  const challenge = vi.fn(
    showChallenge ?? (async () => ({ captcha_token: "from-challenge", expires_in: 60 })),
  );
  const flow = createCaptchaFlow({
    request: createRequestClient({ origins: ["https://user.test"], locale: () => "ko", fetch: script.fetch }),
    storage,
    clientId: "web-client",
    deviceId: () => "d".repeat(32),
    showChallenge: challenge,
    now: () => clock.now,
  });
  return { flow, script, storage, clock, challenge };
}

const bodyOf = (call: { init: { body?: string } } | undefined) => JSON.parse(call?.init.body ?? "null");

describe("captcha flow (spec §4)", () => {
  it("calls init when no token is stored and keeps the record under captcha_ + client id", async () => {
    const { flow, script, storage } = setup([answer(200, { captcha_token: "tok-1", expires_in: 300 })]);
    await expect(flow.getToken("POST:/v1/auth/signin", META)).resolves.toBe("tok-1");
    expect(script.calls[0]?.url).toBe("https://user.test/v1/shield/captcha/init");
    expect(script.calls[0]?.init).toMatchObject({ method: "POST", headers: { "Accept-Language": "ko" } });
    expect(bodyOf(script.calls[0])).toEqual({
      client_id: "web-client",
      action: "POST:/v1/auth/signin",
      device_id: "d".repeat(32),
      captcha_token: "",
      meta: META,
    });
    expect(captchaStorageKey("web-client")).toBe("captcha_web-client");
    expect(JSON.parse(storage.getItem("captcha_web-client") ?? "")).toEqual({
      action: "POST:/v1/auth/signin",
      meta: META,
      captcha_token: "tok-1",
      expires_in: 300,
      expires_at: T0 + 300_000 - 30_000,
    });
  });

  it("reuses an unexpired token until 30 s before the server's expiry", async () => {
    const { flow, script, clock } = setup([
      answer(200, { captcha_token: "tok-1", expires_in: 300 }),
      answer(200, { captcha_token: "tok-2", expires_in: 300 }),
    ]);
    expect(CAPTCHA_EARLY_EXPIRY_MS).toBe(30_000);
    await flow.getToken("GET:/drive/v1/files", META);
    clock.now = T0 + 270_000 - 1;
    await expect(flow.getToken("GET:/drive/v1/files", META)).resolves.toBe("tok-1");
    expect(script.calls).toHaveLength(1);
    clock.now = T0 + 270_000;
    await expect(flow.getToken("GET:/drive/v1/files", META)).resolves.toBe("tok-2");
    // The expired token is sent along as the previous one.
    expect(bodyOf(script.calls[1]).captcha_token).toBe("tok-1");
    expect(flow.read()?.expires_at).toBe(T0 + 270_000 + 270_000);
  });

  it("does not reuse a token stored for another action", async () => {
    const { flow, script } = setup([
      answer(200, { captcha_token: "tok-1", expires_in: 300 }),
      answer(200, { captcha_token: "tok-2", expires_in: 300 }),
    ]);
    await flow.getToken("GET:/a", META);
    await expect(flow.getToken("GET:/b", META)).resolves.toBe("tok-2");
    expect(script.calls).toHaveLength(2);
  });

  it("shows the challenge when init answers a url, and stores the token it yields", async () => {
    const { flow, challenge, clock } = setup([answer(200, { url: "https://shield.test/c?x=1" })]);
    challenge.mockImplementation(async () => {
      clock.now = T0 + 5_000; // the user takes 5 s
      return { captcha_token: "solved", expires_in: 600 };
    });
    await expect(flow.getToken("POST:/v1/auth/signin", META)).resolves.toBe("solved");
    expect(challenge).toHaveBeenCalledWith("https://shield.test/c?x=1");
    expect(flow.read()).toMatchObject({ captcha_token: "solved", expires_at: T0 + 5_000 + 600_000 - 30_000 });
  });

  it("fails with cancelled (1) when the challenge is closed early, storing nothing", async () => {
    const { flow, storage } = setup([answer(200, { url: "https://shield.test/c" })], async () => {
      throw captchaCancelled();
    });
    await expect(flow.getToken("GET:/x", META)).rejects.toMatchObject({ error: "cancelled", code: 1 });
    expect(storage.data.size).toBe(0);
  });

  it("fails with unknown (2) when init answers neither url nor captcha_token", async () => {
    const { flow } = setup([answer(200, { expires_in: 60 })]);
    const error = await flow.getToken("GET:/x", META).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NimbusError);
    expect(error).toMatchObject({ error: "unknown", code: 2 });
  });

  it("fails with unknown when the challenge yields no token", async () => {
    const { flow } = setup([answer(200, { url: "https://shield.test/c" })], async () => ({
      captcha_token: "",
      expires_in: 60,
    }));
    await expect(flow.getToken("GET:/x", META)).rejects.toMatchObject({ error: "unknown" });
  });

  it("replaces a refused token even before it expires, but not one already replaced", async () => {
    const { flow, script } = setup([
      answer(200, { captcha_token: "tok-1", expires_in: 300 }),
      answer(200, { captcha_token: "tok-2", expires_in: 300 }),
    ]);
    await flow.getToken("GET:/x", META);
    await expect(flow.getToken("GET:/x", META, { invalidToken: "tok-1" })).resolves.toBe("tok-2");
    expect(bodyOf(script.calls[1]).captcha_token).toBe("tok-1");
    // A second request that was refused tok-1 picks up tok-2 without another init.
    await expect(flow.getToken("GET:/x", META, { invalidToken: "tok-1" })).resolves.toBe("tok-2");
    expect(script.calls).toHaveLength(2);
  });

  it("makes concurrent callers share one init", async () => {
    const { flow, script } = setup([answer(200, { captcha_token: "tok-1", expires_in: 300 })]);
    const tokens = await Promise.all([flow.getToken("GET:/x", META), flow.getToken("GET:/x", META)]);
    expect(tokens).toEqual(["tok-1", "tok-1"]);
    expect(script.calls).toHaveLength(1);
  });

  it("ignores an unreadable stored record, and clear() forgets the token", async () => {
    const { flow, storage, script } = setup([
      answer(200, { captcha_token: "tok-1", expires_in: 300 }),
      answer(200, { captcha_token: "tok-2", expires_in: 300 }),
    ]);
    storage.setItem("captcha_web-client", "{not json");
    await expect(flow.getToken("GET:/x", META)).resolves.toBe("tok-1");
    flow.clear();
    expect(flow.read()).toBeUndefined();
    await expect(flow.getToken("GET:/x", META)).resolves.toBe("tok-2");
    expect(script.calls).toHaveLength(2);
  });

  it("treats a token without a usable expires_in as good for this request only", async () => {
    const { flow, script } = setup([
      answer(200, { captcha_token: "tok-1" }),
      answer(200, { captcha_token: "tok-2", expires_in: "120" }),
    ]);
    await expect(flow.getToken("GET:/x", META)).resolves.toBe("tok-1");
    await expect(flow.getToken("GET:/x", META)).resolves.toBe("tok-2");
    expect(flow.read()?.expires_in).toBe(120);
    expect(script.calls).toHaveLength(2);
  });

  it("is shown in a 320 × 430 px box", () => {
    expect(CAPTCHA_CHALLENGE_SIZE).toEqual({ width: 320, height: 430 });
  });
});

describe("readChallengeRedirect", () => {
  it("reads captcha_token and expires_in from the redirect address query", () => {
    expect(readChallengeRedirect("https://nimbus.test/loading?captcha_token=abc&expires_in=300")).toEqual({
      captcha_token: "abc",
      expires_in: 300,
    });
    expect(readChallengeRedirect("/loading?captcha_token=abc")).toEqual({
      captcha_token: "abc",
      expires_in: 0,
    });
  });

  it("gives nothing without a token", () => {
    expect(readChallengeRedirect("https://nimbus.test/loading?expires_in=300")).toBeUndefined();
    expect(readChallengeRedirect("https://nimbus.test/loading?captcha_token=")).toBeUndefined();
  });
});
