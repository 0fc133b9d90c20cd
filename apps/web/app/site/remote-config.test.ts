import { describe, expect, it } from "vitest";
import { serviceOfPath } from "./remote-config.js";

describe("serviceOfPath", () => {
  it("names the switch of a service's pages, with or without a query", () => {
    expect(serviceOfPath("/drive/payment")).toBe("payments");
    expect(serviceOfPath("/drive/payment/storage?x=1")).toBe("payments");
    expect(serviceOfPath("/inapp/shop")).toBe("payments");
    expect(serviceOfPath("/referral")).toBe("invites");
    expect(serviceOfPath("/check-in")).toBe("check_in");
    expect(serviceOfPath("/url-checker?url=x")).toBe("cloud_download");
    expect(serviceOfPath("/drive/tasks")).toBe("cloud_download");
  });

  it("leaves other pages, and pages that only share a prefix, to no switch", () => {
    expect(serviceOfPath("/check-in-guide")).toBeUndefined();
    expect(serviceOfPath("/drive/all")).toBeUndefined();
    expect(serviceOfPath("/faq")).toBeUndefined();
    expect(serviceOfPath("/drive/payments")).toBeUndefined();
  });
});
