import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  type ActionHandler,
  type ActionParams,
  createActionDispatcher,
  type PageAction,
  parsePageAction,
} from "../../lib/page-actions.js";

interface PageActions {
  register(action: PageAction, handler: ActionHandler): () => void;
  dispatch(action: PageAction, params?: ActionParams): boolean;
  /** Forgets an action still waiting for its handler. */
  dropPending(): void;
}

const PageActionsContext = createContext<PageActions | null>(null);

/**
 * The page action dispatcher (spec §4): `?action=` is parsed on load and on every
 * navigation and handed to the handlers registered with `usePageAction`. An
 * action nobody handles yet waits for the first handler of it registered on the
 * same page (a dialog mounted after its data loaded), and is dropped on the next
 * navigation.
 */
export function PageActionsProvider({ children }: { children: ReactNode }) {
  const [actions] = useState<PageActions>(() => {
    const dispatcher = createActionDispatcher();
    let pending: { action: PageAction; params: ActionParams } | undefined;
    return {
      register(action, handler) {
        const remove = dispatcher.register(action, handler);
        if (pending?.action === action) {
          const { params } = pending;
          pending = undefined;
          handler(params, action);
        }
        return remove;
      },
      dispatch(action, params = {}) {
        const handled = dispatcher.dispatch(action, params);
        pending = handled ? undefined : { action, params };
        return handled;
      },
      dropPending() {
        pending = undefined;
      },
    };
  });
  const { key, search } = useLocation();
  // Children's effects (their registrations) run before this one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per location, even with the same search
  useEffect(() => {
    const parsed = parsePageAction(search);
    if (parsed) actions.dispatch(parsed.action, parsed.params);
    else actions.dropPending();
  }, [key]);
  return <PageActionsContext.Provider value={actions}>{children}</PageActionsContext.Provider>;
}

/** Runs `handler(params)` whenever the page is opened or navigated to with `?action=<action>`. */
export function usePageAction(action: PageAction, handler: ActionHandler): void {
  const actions = useContext(PageActionsContext);
  if (!actions) throw new Error("usePageAction outside <PlatformRoot>");
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () => actions.register(action, (params, name) => latest.current(params, name)),
    [actions, action],
  );
}

/** Dispatches an action from code (a button that opens the same dialog as `?action=`). */
export function usePageActions(): PageActions["dispatch"] {
  const actions = useContext(PageActionsContext);
  if (!actions) throw new Error("usePageActions outside <PlatformRoot>");
  return actions.dispatch;
}
