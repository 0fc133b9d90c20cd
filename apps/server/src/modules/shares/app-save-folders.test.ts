import { describe, expect, it } from "vitest";
import { appSaveFolderName } from "./app-save-folders.js";

const mobile = { kind: "mobile" as const, name: "Nimbus for mobile" };
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)";
const off = { SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: false, defaultFolderBasedOnPlatform: false };

describe("appSaveFolderName", () => {
  it("names the app's folder first, else the platform's, else none", () => {
    expect(
      appSaveFolderName(mobile, IPHONE, { ...off, SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: true }),
    ).toBe("Nimbus for mobile");
    expect(
      appSaveFolderName(mobile, IPHONE, {
        SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: true,
        defaultFolderBasedOnPlatform: true,
      }),
    ).toBe("Nimbus for mobile");
    expect(appSaveFolderName(mobile, IPHONE, { ...off, defaultFolderBasedOnPlatform: true })).toBe("iOS");
    expect(
      appSaveFolderName(mobile, "curl/8", { ...off, defaultFolderBasedOnPlatform: true }),
    ).toBeUndefined();
    expect(appSaveFolderName(mobile, IPHONE, off)).toBeUndefined();
  });

  it("never moves the web's saves, nor an unknown client's", () => {
    const on = { SAVE_OTHER_APP_FILES_IN_SEPARATE_FOLDERS: true, defaultFolderBasedOnPlatform: true };
    expect(appSaveFolderName({ kind: "web", name: "Nimbus web" }, IPHONE, on)).toBeUndefined();
    expect(appSaveFolderName(undefined, IPHONE, on)).toBeUndefined();
  });
});
