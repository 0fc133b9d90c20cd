import type { UserMe } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { memoryCookieJar, USER_ID_COOKIE } from "../lib/cookies.js";
import type { AccountResult } from "./account-api.js";
import { refreshSignIn } from "./sign-in-refresh.js";

const USER = { sub: "u-42", name: "Ada" } as UserMe;
const answer = (result: AccountResult<UserMe>) => async () => result;

describe("refreshSignIn (spec §4)", () => {
  it("stores the user id cookie for 365 days, secure, lax, when the profile answers", async () => {
    const jar = memoryCookieJar();
    expect(await refreshSignIn(answer({ ok: true, data: USER }), jar)).toEqual({
      signedIn: true,
      user: USER,
    });
    expect(jar.get(USER_ID_COOKIE)).toBe("u-42");
    expect(jar.options.get(USER_ID_COOKIE)).toMatchObject({
      maxAge: 365 * 86400,
      sameSite: "lax",
      secure: true,
    });
  });

  it("clears the user id and reports false without a session", async () => {
    const jar = memoryCookieJar({ [USER_ID_COOKIE]: "u-42" });
    const outcome = await refreshSignIn(
      answer({ ok: false, error: { error: "unauthenticated", status: 401, metadata: {} } }),
      jar,
    );
    expect(outcome).toEqual({ signedIn: false, signedOut: true });
    expect(jar.get(USER_ID_COOKIE)).toBeUndefined();
  });

  it("clears the user id and reports false when the profile call fails", async () => {
    const jar = memoryCookieJar({ [USER_ID_COOKIE]: "u-42" });
    const outcome = await refreshSignIn(
      answer({ ok: false, error: { error: "unreachable", status: 0, metadata: {} } }),
      jar,
    );
    expect(outcome).toEqual({ signedIn: false, signedOut: false });
    expect(jar.get(USER_ID_COOKIE)).toBeUndefined();
  });
});
