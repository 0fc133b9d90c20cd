import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IsolatedText, isolated } from "./bidi.js";

describe("names isolated in sentences", () => {
  it("shows each isolated name in its own <bdi>, the words around it untouched", () => {
    const text = `Moved to “${isolated("تقارير")}”: 2, beside “${isolated("a.txt")}”`;
    expect(renderToStaticMarkup(<IsolatedText text={text} />)).toBe(
      "Moved to “<bdi>تقارير</bdi>”: 2, beside “<bdi>a.txt</bdi>”",
    );
  });

  it("keeps a right-to-left override inside the name it came with", () => {
    const markup = renderToStaticMarkup(<IsolatedText text={`Renamed to ${isolated("x\u202eabc")} now`} />);
    expect(markup).toBe("Renamed to <bdi>x\u202eabc</bdi> now");
  });

  it("leaves a text without names as it is", () => {
    expect(renderToStaticMarkup(<IsolatedText text="Moved to trash: 2" />)).toBe("Moved to trash: 2");
  });
});
