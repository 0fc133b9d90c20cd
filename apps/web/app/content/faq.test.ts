import { describe, expect, it } from "vitest";
import { faqIdForHash } from "./faq.js";

describe("redirect-faq-hash", () => {
  it("finds a question by its own id, with or without the question- prefix", () => {
    expect(faqIdForHash("#premium")).toBe("premium");
    expect(faqIdForHash("#question-share-passcode")).toBe("share-passcode");
  });
  it("maps legacy anchors onto today's questions", () => {
    expect(faqIdForHash("#vip")).toBe("premium");
    expect(faqIdForHash("#recycle-bin")).toBe("trash");
    expect(faqIdForHash("#Extract-Code")).toBe("share-passcode");
  });
  it("ignores anything else", () => {
    expect(faqIdForHash("")).toBeUndefined();
    expect(faqIdForHash("#nothing-here")).toBeUndefined();
  });
});
