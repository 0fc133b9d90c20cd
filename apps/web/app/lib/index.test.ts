import { describe, expect, it } from "vitest";
import * as lib from "./index.js";

describe("lib index", () => {
  it("re-exports every module's public API", () => {
    for (const name of [
      "createRequestClient",
      "createAuthRequest",
      "ApiError",
      "createCaptchaFlow",
      "createLock",
      "getDeviceId",
      "formatStorage",
      "vipDaysLeft",
      "isArchive",
      "recordReferrer",
      "captureAttribution",
      "saveDisplayMode",
      "createLayoutState",
      "createActionDispatcher",
      "createClientEventEmitter",
      "passcodeTokenCookieName",
      "staleCookiesToClear",
      "handleChunkLoadError",
      "createDebugConsoleGesture",
      "decideEmbeddedClick",
      "errorText",
      "memoryStorage",
    ]) {
      expect(lib, name).toHaveProperty(name);
    }
  });
});
