import type { ActionState } from "../api/use-api-action.js";

/** The outcome of a form's call: a polite status when it worked, an alert with the error text. */
export function FormStatus({ state, done }: { state: ActionState<unknown>; done: string }) {
  if (state.status === "error")
    return (
      <p className="form-message error" role="alert">
        {state.message}
      </p>
    );
  return (
    <p className="form-message success" role="status">
      {state.status === "done" ? done : ""}
    </p>
  );
}
