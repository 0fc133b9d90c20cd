import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { webBuildId } from "./build-id.js";

const roots: string[] = [];
function webRoot(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(tmpdir(), "build-id-"));
  roots.push(root);
  const assets = path.join(root, "build/client/assets");
  mkdirSync(assets, { recursive: true });
  for (const [name, seconds] of Object.entries(files)) {
    writeFileSync(path.join(assets, name), "");
    utimesSync(path.join(assets, name), seconds, seconds);
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("webBuildId", () => {
  it("reads the version from the newest client manifest, ignoring its compressed twins", () => {
    const root = webRoot({
      "manifest-0a1b2c3d.js": 1000,
      "manifest-9f8e7d6c.js": 2000,
      "manifest-ffffffff.js.br": 3000,
      "entry.client-AbCd.js": 4000,
    });
    expect(webBuildId(root)).toBe("9f8e7d6c");
  });

  it("answers null without a build", () => {
    expect(webBuildId(path.join(tmpdir(), "no-such-web-root"))).toBeNull();
    expect(webBuildId(webRoot({ "entry.client-AbCd.js": 1 }))).toBeNull();
  });
});
