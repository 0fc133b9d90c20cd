/** The page actions of spec §4, passed as `?action=`. */
export const PAGE_ACTIONS = [
  "show_task",
  "open_file",
  "highlight_files",
  "create_task",
  "show_storage_dialog",
  "show_mobile_sidebar",
  "move_files",
  "open_redeem_box",
  "search",
  "open_feedback",
  "login_required",
  "show_traffic_dialog",
  "show_invite_dialog",
  "show_beginner_dialog",
  "show_activity_dialog",
  "show_popup_window",
  "login_to_drive",
  "show_login",
  "url_checker",
  "landing_page",
] as const;
export type PageAction = (typeof PAGE_ACTIONS)[number];

/** Actions an embedded drive handles itself rather than passing to its parent (spec §2). */
export const EMBEDDED_LOCAL_ACTIONS: readonly PageAction[] = [
  "open_file",
  "show_task",
  "highlight_files",
  "search",
];

export function isPageAction(value: unknown): value is PageAction {
  return typeof value === "string" && (PAGE_ACTIONS as readonly string[]).includes(value);
}

/** In embedded mode: true for drive actions the parent page handles. */
export function isForwardedToParent(action: unknown): action is PageAction {
  return isPageAction(action) && !EMBEDDED_LOCAL_ACTIONS.includes(action);
}

export type ActionParams = Record<string, string>;

/** The action of a query (`?action=…`) and its other parameters; an unknown action is ignored. */
export function parsePageAction(
  search: string | URLSearchParams,
): { action: PageAction; params: ActionParams } | undefined {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  const action = query.get("action");
  if (!isPageAction(action)) return undefined;
  const params: ActionParams = {};
  for (const [key, value] of query) if (key !== "action" && !(key in params)) params[key] = value;
  return { action, params };
}

export type ActionHandler = (params: ActionParams, action: PageAction) => void;

export interface ActionDispatcher {
  /** Adds a handler; the returned function removes it again. */
  register(action: PageAction, handler: ActionHandler): () => void;
  /** Runs the action's handlers in registration order; false when none is registered. */
  dispatch(action: PageAction, params?: ActionParams): boolean;
}

export function createActionDispatcher(): ActionDispatcher {
  const handlers = new Map<PageAction, ActionHandler[]>();
  return {
    register(action, handler) {
      const list = [...(handlers.get(action) ?? []), handler];
      handlers.set(action, list);
      return () => {
        const current = handlers.get(action) ?? [];
        const index = current.indexOf(handler);
        if (index >= 0) handlers.set(action, current.toSpliced(index, 1));
      };
    },
    dispatch(action, params = {}) {
      const list = handlers.get(action) ?? [];
      for (const handler of list) handler(params, action);
      return list.length > 0;
    },
  };
}
