import { describe, expect, it } from "vitest";
import type { ApiFetch } from "../lib/load-context.js";
import { loadFirstSession } from "./first-session.server.js";

const USER = { sub: "u1", email: "ada@example.com" };
const ABOUT = { kind: "drive#about", quota: { limit: "6442450944", usage: "0" } };
const VIP = { data: { expire: "", status: "invalid", type: "novip", user_id: "u1" } };

function api(answers: Record<string, [number, unknown]>, asked: string[] = []): ApiFetch {
  return async (path, init) => {
    asked.push(`${path} ${init?.headers?.cookie ?? ""}`);
    const [status, body] = answers[path] ?? [404, { error: "route_not_found" }];
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  };
}

const page = (cookie?: string) =>
  new Request("http://localhost/drive/all", cookie ? { headers: { cookie } } : {});

const ALL_OK = {
  "/v1/user/me": [200, USER],
  "/drive/v1/about": [200, ABOUT],
  "/drive/v1/privilege/vip": [200, VIP],
} satisfies Record<string, [number, unknown]>;

describe("the drive session of a server render", () => {
  it("asks nothing without a session cookie", async () => {
    const asked: string[] = [];
    expect(await loadFirstSession(page("pp_locale=ja"), api(ALL_OK, asked))).toBeNull();
    expect(asked).toEqual([]);
  });

  it("brings the profile, storage, premium and free days, asked with the visitor's cookie", async () => {
    const asked: string[] = [];
    const cookie = "nimbus_session=abc; pp_free_days=3";
    expect(await loadFirstSession(page(cookie), api(ALL_OK, asked))).toEqual({
      status: "ready",
      user: USER,
      about: ABOUT,
      vip: VIP.data,
      freeDays: 3,
      privilegeAnswered: true,
    });
    expect(asked.sort()).toEqual([
      `/drive/v1/about ${cookie}`,
      `/drive/v1/privilege/vip ${cookie}`,
      `/v1/user/me ${cookie}`,
    ]);
  });

  it("is signed out when the session has ended", async () => {
    const answers = { ...ALL_OK, "/v1/user/me": [401, { error: "unauthenticated" }] as [number, unknown] };
    expect(await loadFirstSession(page("nimbus_session=gone"), api(answers))).toEqual({
      status: "signed-out",
    });
  });

  it("leaves premium out when its call fails, and the whole session to the browser when another does", async () => {
    const noVip = {
      ...ALL_OK,
      "/drive/v1/privilege/vip": [503, { error: "unavailable" }] as [number, unknown],
    };
    const withoutVip = await loadFirstSession(page("nimbus_session=abc"), api(noVip));
    expect(withoutVip).toMatchObject({ status: "ready", privilegeAnswered: false });
    expect(withoutVip).not.toHaveProperty("vip");
    const noAbout = { ...ALL_OK, "/drive/v1/about": [503, { error: "unavailable" }] as [number, unknown] };
    expect(await loadFirstSession(page("nimbus_session=abc"), api(noAbout))).toBeNull();
    const failing: ApiFetch = async () => {
      throw new Error("inject failed");
    };
    expect(await loadFirstSession(page("nimbus_session=abc"), failing)).toBeNull();
    expect(await loadFirstSession(page("nimbus_session=abc"), undefined)).toBeNull();
  });
});
