import type { DeviceCodeResponse } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, manualClock, newUser } from "./support/grants.js";
import { createTestApp, type TestApp } from "./support/test-app.js";
import type { TestUser } from "./support/users.js";

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

describe("the device flow (RFC 8628) with a CLI-style poller", () => {
  const clock = manualClock();
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    user = await newUser(t);
  });
  afterAll(() => t.close());

  const start = async (client_id = "nimbus-cli", extra: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/auth/device/code",
      headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": "ja" },
      payload: new URLSearchParams({ client_id, ...extra }).toString(),
    });
    return response;
  };
  const poll = (device_code: string, client_id = "nimbus-cli") =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code, client_id }).toString(),
    });
  const verify = (user_code: string, approve: boolean) =>
    t.app.inject({
      method: "POST",
      url: "/v1/auth/device/verify",
      headers: user.auth,
      payload: { user_code, approve },
    });

  /**
   * What a CLI does: poll every `interval` seconds (the clock moves instead of sleeping),
   * back off by 5 s on slow_down, stop on tokens or a final error.
   */
  async function cliPoller(
    device: DeviceCodeResponse,
    onPoll: (round: number) => Promise<void>,
    startInterval = device.interval,
  ) {
    let interval = startInterval;
    const seen: string[] = [];
    for (let round = 0; round < 50; round++) {
      await onPoll(round);
      const response = await poll(device.device_code);
      const body = response.json();
      if (response.statusCode === 200) return { tokens: body, seen };
      seen.push(body.error);
      if (body.error === "slow_down") interval += 5;
      else if (body.error !== "authorization_pending") return { error: body, seen };
      clock.advance(interval * 1000);
    }
    throw new Error("poller never finished");
  }

  it("starts with a device code, a user code and the localized TV page", async () => {
    const response = await start();
    expect(response.statusCode).toBe(200);
    const device = response.json<DeviceCodeResponse>();
    expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(device).toMatchObject({
      verification_uri: "http://nimbus.test/ja/tv",
      verification_uri_complete: `http://nimbus.test/ja/tv?user_code=${device.user_code}`,
      expires_in: 600,
      interval: 5,
    });
  });

  it("answers authorization_pending, slow_down when polled too fast, then tokens once approved", async () => {
    const device = (await start()).json<DeviceCodeResponse>();
    // The person looks the code up on the TV page (in any spelling) and approves it on the third round.
    const lookup = await t.app.inject({
      url: `/v1/auth/device?user_code=${device.user_code.toLowerCase().replace("-", " ")}`,
      headers: user.auth,
    });
    expect(lookup.json()).toMatchObject({
      client_id: "nimbus-cli",
      client_name: "Nimbus CLI",
      scope: "user pan offline",
    });

    const first = await poll(device.device_code);
    expect(first.json()).toMatchObject({ error: "authorization_pending", error_code: 4050 });
    const tooFast = await poll(device.device_code);
    expect(tooFast.json()).toMatchObject({ error: "slow_down", error_code: 4051 });
    expect(tooFast.json().details[0].metadata).toEqual({ interval: "10" });
    clock.advance(10_000);

    const result = await cliPoller(
      device,
      async (round) => {
        if (round === 2)
          expect((await verify(device.user_code, true)).json()).toMatchObject({ status: "approved" });
      },
      10,
    );
    expect(result.seen).toEqual(["authorization_pending", "authorization_pending"]);
    expect(result.tokens).toMatchObject({ token_type: "Bearer", sub: user.id, scope: "user pan offline" });
    expect(
      (await t.app.inject({ url: "/v1/user/me", headers: bearer(result.tokens.access_token) })).statusCode,
    ).toBe(200);

    // A device code works once.
    clock.advance(20_000);
    expect((await poll(device.device_code)).json().error).toBe("invalid_grant");
    expect((await verify(device.user_code, true)).json().error).toBe("invalid_grant");
  });

  it("answers access_denied when the person denies the code", async () => {
    const device = (await start()).json<DeviceCodeResponse>();
    const result = await cliPoller(device, async (round) => {
      if (round === 1)
        expect((await verify(device.user_code, false)).json()).toMatchObject({ status: "denied" });
    });
    expect(result.error).toMatchObject({ error: "access_denied", error_code: 4123 });
  });

  it("answers expired_token once the code expires, to the poller and to the TV page", async () => {
    const device = (await start()).json<DeviceCodeResponse>();
    expect((await poll(device.device_code)).json().error).toBe("authorization_pending");
    clock.advance(601_000);
    expect((await poll(device.device_code)).json()).toMatchObject({
      error: "expired_token",
      error_code: 4052,
    });
    expect((await verify(device.user_code, true)).json()).toMatchObject({ error: "expired_token" });
  });

  it("issues scoped tokens: without offline the device gets no refresh token", async () => {
    const device = (await start("nimbus-tv", { scope: "user pan" })).json<DeviceCodeResponse>();
    await verify(device.user_code, true);
    const tokens = (await poll(device.device_code, "nimbus-tv")).json();
    expect(tokens.scope).toBe("user pan");
    expect(tokens.refresh_token).toBeUndefined();
    expect((await start("nimbus-tv", { scope: "pan everything" })).json().error).toBe("invalid_scope");
  });

  it("refuses unknown clients, clients without the device grant, unknown codes and anonymous approvals", async () => {
    expect((await start("nope")).json()).toMatchObject({ error: "unauthorized_client" });
    expect((await start("nimbus-web")).json()).toMatchObject({ error: "unauthorized_client" });
    const device = (await start()).json<DeviceCodeResponse>();
    expect((await poll(device.device_code, "nimbus-tv")).json().error).toBe("invalid_grant");
    expect((await poll("dc.unknown")).json().error).toBe("invalid_grant");
    expect((await verify("BBBB-BBBB", true)).json()).toMatchObject({ error: "invalid_grant" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/v1/auth/device/verify",
      payload: { user_code: device.user_code, approve: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("limits guessing of user codes per person", async () => {
    const guesser = await newUser(t);
    let last: { error?: string } = {};
    for (let i = 0; i < 21; i++) {
      last = (
        await t.app.inject({
          method: "POST",
          url: "/v1/auth/device/verify",
          headers: guesser.auth,
          payload: { user_code: `ZZZZ-ZZZ${"BCDFGHJKLMNPQRSTVWXZ"[i % 20]}`, approve: true },
        })
      ).json();
    }
    expect(last.error).toBe("too_many_requests");
  });
});
