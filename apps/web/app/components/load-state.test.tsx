import { isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Loadable, LoadFailed, LoadingLine, LoadView } from "./load-state.js";

// `t` answers the key itself, so the markup names the texts it shows; no hooks run, so a
// component can be called as a function and its button pressed without a DOM.
vi.mock("../i18n/i18n.js", () => ({ useT: () => (key: string) => key }));

/** The onClick of the first button in a rendered element tree. */
function buttonClick(node: ReactNode): (() => void) | undefined {
  if (!isValidElement(node)) return undefined;
  const element = node as ReactElement<{ onClick?: () => void; children?: ReactNode }>;
  if (element.type === "button") return element.props.onClick;
  if (typeof element.type === "function")
    return buttonClick((element.type as (props: unknown) => ReactNode)(element.props));
  const children = element.props.children;
  for (const child of Array.isArray(children) ? children : [children]) {
    const found = buttonClick(child);
    if (found) return found;
  }
  return undefined;
}

afterEach(() => vi.unstubAllGlobals());

describe("LoadingLine", () => {
  it("is a polite status with the loading text, or the given label", () => {
    expect(renderToStaticMarkup(<LoadingLine />)).toMatch(
      /^<p class="loading-line" role="status">.*common\.loading<\/p>$/,
    );
    expect(renderToStaticMarkup(<LoadingLine label="Loading prices…" />)).toContain("Loading prices…");
  });
});

describe("LoadFailed", () => {
  it("is an alert with a title, the error text and Try again", () => {
    const html = renderToStaticMarkup(
      <LoadFailed message="The server is busy." error="unavailable" retry={() => {}} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("load.failed.title");
    expect(html).toContain("The server is busy.");
    expect(html).toContain(">common.retry</button>");
    expect(html).not.toContain("data-offline");
  });

  it("names what failed when given a title, and shows other ways on beside Try again", () => {
    const html = renderToStaticMarkup(
      <LoadFailed message="Gone." title="This folder could not be opened" retry={() => {}}>
        <a href="/drive/account">Back</a>
      </LoadFailed>,
    );
    expect(html).toContain("This folder could not be opened");
    expect(html).not.toContain("load.failed.title");
    expect(html).toMatch(/common\.retry<\/button><a href="\/drive\/account">Back<\/a>/);
  });

  it("has no Try again without a retry, and no empty action row", () => {
    const html = renderToStaticMarkup(<LoadFailed message="Nope." />);
    expect(html).not.toContain("<button");
    expect(html).not.toContain('class="actions"');
  });

  it("says offline when the call never left an offline browser", () => {
    vi.stubGlobal("navigator", { onLine: false });
    const html = renderToStaticMarkup(
      <LoadFailed message="We could not reach the server." error="unreachable" />,
    );
    expect(html).toContain("data-offline");
    expect(html).toContain("load.offline.title");
    expect(html).toContain("load.offline.body");
    expect(html).not.toContain("We could not reach the server.");
  });

  it("blames the server, not the network, for an unreachable call while the browser is online", () => {
    vi.stubGlobal("navigator", { onLine: true });
    const html = renderToStaticMarkup(
      <LoadFailed message="We could not reach the server." error="unreachable" />,
    );
    expect(html).not.toContain("data-offline");
    expect(html).toContain("We could not reach the server.");
  });

  it("an offline server error is still a server error", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(renderToStaticMarkup(<LoadFailed message="Broken." error="unavailable" />)).not.toContain(
      "data-offline",
    );
  });

  it("calls retry when Try again is pressed", () => {
    const retry = vi.fn();
    const click = buttonClick(LoadFailed({ message: "x", retry }));
    click?.();
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe("LoadView", () => {
  const render = (state: Loadable<string[]>) =>
    renderToStaticMarkup(
      <LoadView state={state} retry={() => {}} actions={<a href="/back">Back</a>}>
        {(rows) => (
          <ul>
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </LoadView>,
    );

  it("shows the loading line while loading", () => {
    expect(render({ status: "loading" })).toContain('role="status"');
  });

  it("shows the failure with Try again and the other actions", () => {
    const html = render({ status: "error", message: "Order not found.", error: "not_found" });
    expect(html).toContain("Order not found.");
    expect(html).toContain("common.retry");
    expect(html).toContain('href="/back"');
  });

  it("renders the data once it is there, and nothing of the failure", () => {
    const html = render({ status: "ready", data: ["a", "b"] });
    expect(html).toBe("<ul><li>a</li><li>b</li></ul>");
  });
});
