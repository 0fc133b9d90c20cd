import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Signer } from "./signer.js";

const KEY = "k".repeat(32);

describe("Signer", () => {
  const signer = new Signer(KEY, "captcha");

  it("signs a small object anyone can read, and opens it for the same purpose only", () => {
    const signed = signer.sign("ticket", { a: "signin", e: 5 });
    expect(signed).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(JSON.parse(Buffer.from(signed.split(".")[0] as string, "base64url").toString())).toEqual({
      a: "signin",
      e: 5,
    });
    expect(signer.open("ticket", signed)).toEqual({ a: "signin", e: 5 });
    expect(signer.open("token", signed)).toBeUndefined();
  });

  it("keeps domains apart: another domain or another secret never opens it", () => {
    const signed = signer.sign("ticket", { a: 1 });
    expect(new Signer(KEY, "shares").open("ticket", signed)).toBeUndefined();
    expect(new Signer("z".repeat(32), "captcha").open("ticket", signed)).toBeUndefined();
  });

  it("refuses tampered, truncated or malformed values", () => {
    const signed = signer.sign("ticket", { a: 1 });
    const [body, mac] = signed.split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ a: 2 })).toString("base64url");
    for (const bad of [
      `${other}.${mac}`,
      `${body}.${mac.slice(1)}`,
      body,
      `.${mac}`,
      "",
      `${body}\n.${mac}`,
    ]) {
      expect(signer.open("ticket", bad)).toBeUndefined();
    }
  });

  it("opens values signed before it moved to lib (the captcha module's format, bit for bit)", () => {
    const key = createHmac("sha256", KEY).update("nimbus:captcha").digest();
    const body = Buffer.from(JSON.stringify({ j: "x", e: 9 })).toString("base64url");
    const mac = createHmac("sha256", key).update(`captcha-token\n${body}`).digest("base64url");
    expect(signer.open("captcha-token", `${body}.${mac}`)).toEqual({ j: "x", e: 9 });
    expect(signer.sign("captcha-token", { j: "x", e: 9 })).toBe(`${body}.${mac}`);
  });

  it("signs field lists detached, with no ambiguity between fields", () => {
    const sig = signer.signFields("download", ["FILE1", "USER1", "100"]);
    expect(sig).toMatch(/^[\w-]{43}$/);
    expect(signer.verifyFields("download", ["FILE1", "USER1", "100"], sig)).toBe(true);
    expect(signer.verifyFields("thumbnail", ["FILE1", "USER1", "100"], sig)).toBe(false);
    expect(signer.verifyFields("download", ["FILE1", "USER1", "101"], sig)).toBe(false);
    expect(signer.verifyFields("download", ["FILE1", "USER1", "100"], sig.slice(1))).toBe(false);
    expect(signer.signFields("p", ["a\nb", "c"])).not.toBe(signer.signFields("p", ["a", "b\nc"]));
    expect(signer.signFields("p", ["a,b"])).not.toBe(signer.signFields("p", ["a", "b"]));
  });

  it("never lets a detached field signature pass as a signed value", () => {
    const fields = ["a", "b"];
    const sig = signer.signFields("p", fields);
    const body = Buffer.from(JSON.stringify(fields)).toString("base64url");
    expect(signer.open("p", `${body}.${sig}`)).toBeUndefined();
    expect(signer.open("p", `=${body}.${sig}`)).toBeUndefined();
  });

  it("takes one-line purposes only", () => {
    expect(() => signer.sign("a\nb", {})).toThrow();
  });
});
