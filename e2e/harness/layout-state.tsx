import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { LayoutStateProvider, useLayoutState } from "../../apps/web/app/components/platform/layout-state.js";

// A page for layout-state.e2e.ts: the layout state as JSON, and its setters as buttons.
function State() {
  const state = useLayoutState();
  const { isMobile, darkMode, sidebarMobileVisible, serverTime, routingPath } = state;
  return (
    <>
      <output>{JSON.stringify({ isMobile, darkMode, sidebarMobileVisible, serverTime, routingPath })}</output>
      <button type="button" onClick={() => state.setDarkMode(!darkMode)}>
        toggle dark
      </button>
      <button type="button" onClick={() => state.setSidebarMobileVisible(!sidebarMobileVisible)}>
        toggle sidebar
      </button>
    </>
  );
}

const router = createBrowserRouter([
  {
    path: "/layout-state",
    element: (
      <LayoutStateProvider serverTime={1234}>
        <State />
      </LayoutStateProvider>
    ),
  },
]);
createRoot(document.getElementById("root") as HTMLElement).render(<RouterProvider router={router} />);
