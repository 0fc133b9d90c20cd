import { useState } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, Link, RouterProvider } from "react-router";
import { PageActionsProvider, usePageAction } from "../../apps/web/app/components/platform/page-actions.js";

// A page for page-actions.e2e.ts: the provider over a router, a handler mounted
// from the start and one mounted later, every call recorded in window.calls.
declare global {
  interface Window {
    calls: string[];
  }
}
window.calls = [];

function Storage() {
  usePageAction("show_storage_dialog", (params) => window.calls.push(`storage ${JSON.stringify(params)}`));
  return null;
}

function Redeem() {
  usePageAction("open_redeem_box", (params) => window.calls.push(`redeem ${JSON.stringify(params)}`));
  return null;
}

function Page() {
  const [late, setLate] = useState(false);
  return (
    <>
      <Storage />
      {late && <Redeem />}
      <button type="button" onClick={() => setLate(true)}>
        mount redeem
      </button>
      <Link to="/page-actions?action=show_storage_dialog&n=2">storage again</Link>
      <Link to="/page-actions?action=open_redeem_box&code=abc">redeem</Link>
      <Link to="/page-actions">plain</Link>
    </>
  );
}

function Root() {
  return (
    <PageActionsProvider>
      <Page />
    </PageActionsProvider>
  );
}

const router = createBrowserRouter([{ path: "/page-actions", element: <Root /> }]);
createRoot(document.getElementById("root") as HTMLElement).render(<RouterProvider router={router} />);
