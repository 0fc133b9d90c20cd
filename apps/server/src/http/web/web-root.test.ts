import path from "node:path";
import { describe, expect, it } from "vitest";
import { WEB_ROOT, webRootAbove } from "./web-root.js";

describe("webRootAbove", () => {
  it("finds apps/web from the sources, the tsc output and the bundle alike", () => {
    for (const from of [
      "/srv/nimbus/apps/server/src/http/web",
      "/srv/nimbus/apps/server/dist/http/web",
      "/srv/nimbus/apps/server/bundle",
    ]) {
      expect(webRootAbove(from)).toBe(path.normalize("/srv/nimbus/apps/web"));
    }
  });

  it("fails clearly outside apps/server", () => {
    expect(() => webRootAbove("/srv/elsewhere/lib")).toThrow(/no apps\/server directory above/);
  });

  it("points at this checkout's web app", () => {
    expect(path.basename(WEB_ROOT)).toBe("web");
    expect(path.basename(path.dirname(WEB_ROOT))).toBe("apps");
  });
});
