import { describe, expect, it } from "vitest";
import { isAddressAllowed, SsrfGuard } from "./ssrf-guard.js";

describe("isAddressAllowed", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "not an address",
    "",
  ])("refuses %s", (ip) => {
    expect(isAddressAllowed(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "169.255.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
  ])("allows %s", (ip) => {
    expect(isAddressAllowed(ip)).toBe(true);
  });

  it("allows private addresses when the operator says so", () => {
    expect(isAddressAllowed("127.0.0.1", true)).toBe(true);
    expect(isAddressAllowed("fd00:ec2::254", true)).toBe(true);
    expect(isAddressAllowed("garbage", true)).toBe(false);
  });
});

describe("SsrfGuard.resolveAllowed", () => {
  const guard = (answers: string[]) =>
    new SsrfGuard({
      allowPrivate: false,
      lookup: (_host, callback) =>
        callback(
          null,
          answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })),
        ),
    });

  it("refuses a name that resolves to loopback", async () => {
    await expect(guard(["127.0.0.1"]).resolveAllowed("evil.example")).rejects.toMatchObject({
      error: "offline_address_refused",
    });
  });

  it("refuses a name when any answer is private", async () => {
    await expect(guard(["8.8.8.8", "10.0.0.1"]).resolveAllowed("mixed.example")).rejects.toMatchObject({
      error: "offline_address_refused",
    });
  });

  it("answers the public addresses of a name, and checks literals without DNS", async () => {
    await expect(guard(["8.8.8.8"]).resolveAllowed("good.example")).resolves.toEqual([
      { address: "8.8.8.8", family: 4 },
    ]);
    await expect(guard([]).resolveAllowed("[::1]")).rejects.toMatchObject({
      error: "offline_address_refused",
    });
  });
});
