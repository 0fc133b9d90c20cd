import { describe, expect, it } from "vitest";
import { pagePolicy } from "./security-headers.js";

function directive(policy: string, name: string): string {
  return policy.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";
}

describe("pagePolicy", () => {
  it("lets a page load signed links on the public origin when it is reached under another name", () => {
    const policy = pagePolicy({ nonce: "n", embedParentOrigins: [], publicOrigin: "http://localhost:3000" });
    for (const name of ["img-src", "media-src", "connect-src", "frame-src"]) {
      expect(directive(policy, name)).toContain("'self' http://localhost:3000");
    }
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n'");
    // The PDF preview frames the file as a blob: URL.
    expect(directive(policy, "frame-src")).toContain("blob:");
  });

  it("names only this origin without a public one, and frames only for the listed parents", () => {
    const policy = pagePolicy({ nonce: "n", embedParentOrigins: ["https://portal.example.com"] });
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'self' https://portal.example.com");
  });
});
