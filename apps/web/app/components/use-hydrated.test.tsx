import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { useDisclosure } from "./use-disclosure.js";
import { awaitingScripts, useAwaitingScripts, useHydrated } from "./use-hydrated.js";

function Probe() {
  return <output>{useHydrated() ? "hydrated" : "server"}</output>;
}

function WaitingButton() {
  return (
    <button type="button" {...useAwaitingScripts()}>
      Photo view
    </button>
  );
}

function MenuButton() {
  const menu = useDisclosure();
  return <button {...menu.button}>Redeem a code</button>;
}

describe("useHydrated", () => {
  it("is false in the server's render (the hydrating render must match it)", () => {
    expect(renderToStaticMarkup(<Probe />)).toBe("<output>server</output>");
  });
});

describe("awaitingScripts", () => {
  it("marks a control busy and unavailable until hydrated, and nothing after", () => {
    expect(awaitingScripts(false)).toEqual({ "aria-busy": true, "aria-disabled": true });
    expect(awaitingScripts(true)).toEqual({});
  });

  it("is in the server's HTML, so a control is announced unavailable before the page runs", () => {
    expect(renderToStaticMarkup(<WaitingButton />)).toBe(
      '<button type="button" aria-busy="true" aria-disabled="true">Photo view</button>',
    );
  });

  it("keeps the control focusable: aria-disabled, never the disabled attribute", () => {
    expect(renderToStaticMarkup(<WaitingButton />)).not.toMatch(/\sdisabled=""/);
  });

  it("marks every disclosure's button (menus and popovers) in the server's HTML", () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <MenuButton />
      </MemoryRouter>,
    );
    expect(html).toMatch(/^<button type="button" aria-expanded="false" aria-controls="[^"]+"/);
    expect(html).toContain('aria-busy="true" aria-disabled="true"');
  });
});
