import { describe, expect, it } from "vitest";
import { type IpFetch, PUBLIC_IP_TIMEOUT_MS, parseProbeAnswer, probePublicIp } from "./public-ip.js";

const answering =
  (body: string, ok = true): IpFetch =>
  async () => ({ ok, text: async () => body });

describe("public-IP probe", () => {
  it("reads {ip} JSON or a bare address, and nothing else", () => {
    expect(parseProbeAnswer('{"ip":"203.0.113.9"}')).toBe("203.0.113.9");
    expect(parseProbeAnswer("2001:db8::1\n")).toBe("2001:db8::1");
    expect(parseProbeAnswer('{"ip":"<script>"}')).toBeUndefined();
    expect(parseProbeAnswer("{broken")).toBeUndefined();
    expect(parseProbeAnswer("<html>hello</html>")).toBeUndefined();
    expect(parseProbeAnswer('{"address":"203.0.113.9"}')).toBeUndefined();
  });

  it("asks without credentials and answers the address", async () => {
    let seen: Parameters<IpFetch> | undefined;
    const fetch: IpFetch = async (...args) => {
      seen = args;
      return { ok: true, text: async () => '{"ip":"198.51.100.7"}' };
    };
    expect(await probePublicIp("/access_controller/v1/client_ip", fetch)).toBe("198.51.100.7");
    expect(seen?.[0]).toBe("/access_controller/v1/client_ip");
    expect(seen?.[1].credentials).toBe("omit");
  });

  it("falls back to no address on an error answer or a failed call", async () => {
    expect(await probePublicIp("/ip", answering("nope", false))).toBeUndefined();
    expect(
      await probePublicIp("/ip", async () => {
        throw new TypeError("offline");
      }),
    ).toBeUndefined();
  });

  it("gives up after 2 s and aborts the call", async () => {
    let timeout = 0;
    let aborted = false;
    const never: IpFetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        });
      });
    const answer = probePublicIp("/ip", never, (run, ms) => {
      timeout = ms;
      run();
    });
    expect(await answer).toBeUndefined();
    expect(timeout).toBe(PUBLIC_IP_TIMEOUT_MS);
    expect(timeout).toBe(2000);
    expect(aborted).toBe(true);
  });
});
