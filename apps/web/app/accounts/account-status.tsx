import type { AccountActionState } from "../session/use-account-api.js";

/** A form's outcome: the error as an alert, an optional success line as a polite status. */
export function AccountStatus({ state, done }: { state: AccountActionState<unknown>; done?: string }) {
  if (state.status === "error")
    return (
      <p className="form-message error" role="alert">
        {state.message}
      </p>
    );
  if (state.status === "done" && done)
    return (
      <p className="form-message success" role="status">
        {done}
      </p>
    );
  return null;
}
