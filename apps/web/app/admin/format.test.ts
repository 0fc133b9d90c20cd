import { describe, expect, it } from "vitest";
import { grantsText } from "./format.js";

const t = (key: string, params: Record<string, string | number> = {}) =>
  `${key}(${Object.values(params).join(",")})`;

describe("grantsText", () => {
  it("names each thing a code gives, in order", () => {
    expect(grantsText({ premium_days: 7 }, t, "en-US")).toBe("admin.codes.grant.days(7)");
    expect(
      grantsText({ premium_days: 31, storage_bytes: 1024 ** 4, traffic_bytes: 100 * 1024 ** 3 }, t, "en-US"),
    ).toBe(
      "admin.codes.grant.days(31) · admin.codes.grant.storage(1 TB) · admin.codes.grant.traffic(100 GB)",
    );
  });

  it("writes sizes in the page's language", () => {
    expect(grantsText({ storage_bytes: 1.5 * 1024 ** 3 }, t, "ru")).toBe("admin.codes.grant.storage(1,5 ГБ)");
  });
});
