import type { DriveFile, UserMe } from "@nimbus/protocol";
import { act, cleanup, type RenderResult, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, vi } from "vitest";
import { QueryRoot } from "../api/query.js";
import { LayoutStateProvider } from "../components/platform/layout-state.js";
import { PageActionsProvider } from "../components/platform/page-actions.js";
import { I18nContext, loadMessages, type Messages, translate } from "../i18n/i18n.js";
import { type DriveSession, DriveSessionContext } from "../session/session.js";
import { EMPTY_REMOTE_VIEW } from "../site/remote-config.js";

/**
 * The harness of the DOM component tests (`*.dom.test.tsx`, run in happy-dom): the page's
 * providers as the root layout gives them (en-US catalogue, a memory router with the root
 * loader's data, layout state, the drive session, the query cache) and a `fetch` answered
 * by a table of routes, so a component is driven through the network as in the browser.
 */

export const en: Messages = await loadMessages("en-US");

export const READY_SESSION: DriveSession = {
  status: "ready",
  user: { sub: "u1", name: "Ada", email: "ada@example.com" } as UserMe,
  freeDays: 0,
};

export interface RenderOptions {
  /** Where the memory router starts, e.g. "/drive/all" or "/s/abc". */
  path?: string;
  /** The route pattern the component is rendered under (its params). */
  route?: string;
  session?: DriveSession;
}

/** Renders `ui` inside the providers of the drive layout, once the router has rendered it. */
export async function renderPage(
  ui: ReactNode,
  { path = "/", route = "*", session = READY_SESSION }: RenderOptions = {},
) {
  const element = (
    <LayoutStateProvider serverTime={0}>
      <PageActionsProvider>
        <DriveSessionContext.Provider value={{ session, reload: () => {} }}>
          <QueryRoot>{ui}</QueryRoot>
        </DriveSessionContext.Provider>
      </PageActionsProvider>
    </LayoutStateProvider>
  );
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "/",
        loader: () => ({ remote: EMPTY_REMOTE_VIEW }),
        // A splat does not match "/" itself: the index route does.
        children: [
          { index: true, element },
          { path: route === "*" ? "*" : route.replace(/^\//, ""), element },
        ],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: { remote: EMPTY_REMOTE_VIEW } } } },
  );
  let result: RenderResult | undefined;
  // The router renders its first match in a transition: let it settle before the test looks.
  await act(async () => {
    result = render(
      <I18nContext.Provider value={{ locale: "en-US", messages: en }}>
        <RouterProvider router={router} />
      </I18nContext.Provider>,
    );
  });
  return { ...(result as RenderResult), router };
}

/** The English text of `key`, as the page shows it (a missing key fails the test). */
export function text(key: string, params?: Record<string, string | number>): string {
  if (en[key] === undefined) throw new Error(`no en-US text for ${key}`);
  return translate(en, key, params, "en-US");
}

export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

/**
 * Stubs `fetch` with answers by "METHOD /path" (the query left out); anything else answers a
 * 404 `route_not_found`, so a call the test did not expect shows up as a failure on the page
 * and in `calls`. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Answer>): Call[] {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost/");
    const method = (init?.method ?? "GET").toUpperCase();
    const raw = typeof init?.body === "string" ? init.body : undefined;
    const call: Call = { method, path: url.pathname, url, body: raw ? JSON.parse(raw) : undefined };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === "function" ? route(call) : route;
    const { status = 200, body } = answer ?? {
      status: 404,
      body: { error: "route_not_found", error_description: `no mock for ${method} ${url.pathname}` },
    };
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A drive item as the list endpoint answers it. */
export function driveFile(fields: Partial<DriveFile> & Pick<DriveFile, "id" | "name">): DriveFile {
  const folder = fields.kind === "drive#folder";
  return {
    kind: "drive#file",
    parent_id: "",
    user_id: "u1",
    size: folder ? "0" : "2048",
    file_extension: folder ? "" : (fields.name.match(/\.[^.]+$/)?.[0] ?? ""),
    mime_type: folder ? "" : "text/plain",
    created_time: "2026-03-01T10:00:00.000Z",
    modified_time: "2026-03-01T10:00:00.000Z",
    trashed: false,
    starred: false,
    phase: "PHASE_TYPE_COMPLETE",
    hash: "",
    thumbnail_link: "",
    web_content_link: "",
    links: {},
    medias: [],
    ...fields,
  } as DriveFile;
}
