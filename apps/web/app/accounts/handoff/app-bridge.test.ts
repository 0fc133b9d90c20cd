import { describe, expect, it } from "vitest";
import { AppBridgeError, createAppBridge, findAppBridge } from "./app-bridge.js";

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppBridgeError);
  const { code, message } = error as AppBridgeError;
  return { code, message };
}

describe("app bridge", () => {
  it("passes JSON parameters and answers the data of a code-0 reply", async () => {
    const seen: string[] = [];
    const bridge = createAppBridge({
      getAuthCode: (json: string) => {
        seen.push(json);
        return JSON.stringify({ code: 0, data: { code: "abc" } });
      },
    });
    expect(await bridge.call("getAuthCode", { client_id: "nimbus-web" })).toEqual({ code: "abc" });
    expect(JSON.parse(seen[0] ?? "")).toEqual({ client_id: "nimbus-web" });
  });

  it("accepts an asynchronous answer", async () => {
    const bridge = createAppBridge({ getUserInfo: async () => '{"code":0,"data":{"user_id":"u1"}}' });
    expect(await bridge.call("getUserInfo")).toEqual({ user_id: "u1" });
  });

  it("answers 404 'method is not declared' for a method the app lacks", async () => {
    expect(await failure(createAppBridge({}).call("getAuthCode"))).toEqual({
      code: 404,
      message: "method is not declared",
    });
  });

  it("answers -2 'process response data error!' for an unreadable answer", async () => {
    const expected = { code: -2, message: "process response data error!" };
    expect(await failure(createAppBridge({ m: () => "not json" }).call("m"))).toEqual(expected);
    expect(await failure(createAppBridge({ m: () => '{"data":{}}' }).call("m"))).toEqual(expected);
    expect(
      await failure(
        createAppBridge({
          m: () => {
            throw new Error("native crash");
          },
        }).call("m"),
      ),
    ).toEqual(expected);
  });

  it("passes the app's own error code and message on", async () => {
    const bridge = createAppBridge({ m: () => '{"code":7,"message":"not signed in"}' });
    expect(await failure(bridge.call("m"))).toEqual({ code: 7, message: "not signed in" });
  });

  it("is found on the window under NimbusAppBridge", () => {
    expect(findAppBridge({})).toBeUndefined();
    expect(findAppBridge({ NimbusAppBridge: { m: () => "" } })).toBeDefined();
  });
});
