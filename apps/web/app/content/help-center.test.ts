import { describe, expect, it } from "vitest";
import { DEFAULT_HELP_DIRECTORY, HELP_DIRECTORIES, resolveHelpPage } from "./help-center.js";

describe("help center slugs", () => {
  it("resolves directories and their articles", () => {
    expect(resolveHelpPage("sharing")).toMatchObject({ kind: "directory", directory: { slug: "sharing" } });
    expect(resolveHelpPage("sharing/share-files/")).toMatchObject({
      kind: "article",
      article: "share-files",
      steps: 4,
    });
  });
  it("knows nothing else (the route then redirects to the default directory)", () => {
    expect(resolveHelpPage("nope")).toBeUndefined();
    expect(resolveHelpPage("sharing/redeem-code")).toBeUndefined();
    expect(resolveHelpPage("sharing/share-files/extra")).toBeUndefined();
    expect(resolveHelpPage(DEFAULT_HELP_DIRECTORY)).toBeDefined();
  });
  it("has unique article slugs", () => {
    const slugs = HELP_DIRECTORIES.flatMap((dir) => dir.articles);
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
