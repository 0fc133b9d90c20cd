import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "../support/drive.js";
import { shareClient } from "../support/shares.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { signUp, type TestUser } from "../support/users.js";

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA_POW_COST: "1", CAPTCHA_POW_COUNTER: "40" } });
  alice = await signUp(t.app);
});
afterAll(() => t.close());

async function newShare(passCode?: string) {
  const file = await driveClient(t, alice).upload("secret.txt", randomBytes(16));
  return shareClient(t, alice).create({
    file_ids: [file.id],
    pass_code_option: "REQUIRED",
    ...(passCode ? { pass_code: passCode } : {}),
  });
}

/** Wrong passcodes from one address, fewer than its own limit. */
async function guessWrong(shareId: string, ip: string, times: number) {
  for (let i = 0; i < times; i += 1) {
    const { status, body } = await shareClient(t, undefined, ip).call(
      "GET",
      `/drive/v1/share?share_id=${shareId}&pass_code=zz${i}x${ip.replaceAll(".", "")}`,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.share_status).toBe("PASS_CODE_ERROR");
  }
}

async function challengeCost(shareId: string, ip: string): Promise<number> {
  const init = await t.app.inject({
    method: "POST",
    url: "/v1/shield/captcha/init",
    remoteAddress: ip,
    payload: {
      client_id: "nimbus-web",
      action: "GET:/drive/v1/share",
      device_id: "0123456789abcdef0123456789abcdef",
      meta: { share_id: shareId },
    },
  });
  const url = new URL(init.json().url);
  const pow = await t.app.inject({
    method: "GET",
    url: `/v1/shield/challenge/pow?c=${encodeURIComponent(url.searchParams.get("c") ?? "")}`,
  });
  return Number(pow.json().parameters.cost);
}

describe("share passcode guessing", () => {
  it("generates passcodes with enough entropy for the per-share bound", async () => {
    const { pass_code } = await newShare();
    expect(pass_code.length).toBeGreaterThanOrEqual(8);
  });

  it("cools a share down after 30 wrong passcodes from any addresses, even for the right code, and tells its owner", async () => {
    const share = await newShare("Abcd12");
    const early = await shareClient(t, undefined, "203.0.113.99").open({
      share_id: share.share_id,
      pass_code: "Abcd12",
    });
    for (let i = 1; i <= 5; i += 1) await guessWrong(share.share_id, `203.0.113.${i}`, 6);
    const late = await shareClient(t, undefined, "203.0.113.50").call(
      "GET",
      `/drive/v1/share?share_id=${share.share_id}&pass_code=Abcd12`,
    );
    expect(late.status).toBe(429);
    expect(late.body).toMatchObject({ error: "share_pass_code_cooling_down" });
    // A visitor who got in before keeps their passcode token.
    const held = await shareClient(t, undefined, "203.0.113.99").open({
      share_id: share.share_id,
      pass_code_token: early.pass_code_token,
    });
    expect(held.share_status).toBe("OK");
    const list = await shareClient(t, alice).ok("GET", "/drive/v1/share/list");
    const mine = list.data.find((s: { share_id: string }) => s.share_id === share.share_id);
    expect(mine.pass_code_cooling_down).toBe(true);
  });

  it("makes the proof of work costlier as a share sees wrong passcodes", async () => {
    const share = await newShare("Efgh34");
    await guessWrong(share.share_id, "198.51.100.1", 10);
    const first = await challengeCost(share.share_id, "198.51.100.1");
    await guessWrong(share.share_id, "198.51.100.2", 9);
    await guessWrong(share.share_id, "198.51.100.3", 9);
    expect(await challengeCost(share.share_id, "198.51.100.1")).toBeGreaterThan(first);
  });
});
