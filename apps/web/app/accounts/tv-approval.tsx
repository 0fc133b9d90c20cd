import type { UserMe } from "@nimbus/protocol";
import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useId, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { type Translate, useT } from "../i18n/i18n.js";
import { loginPathFor } from "../session/redirect.js";
import { type AccountActionState, useAccountAction, useAccountApi } from "../session/use-account-api.js";
import { useSignedInHint } from "../site/signed-in-hint.js";
import { AccountStatus } from "./account-status.js";

/** Codes are shown as `ABCD-1234`; people type them any way. */
export function normalizeTvCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * A code no TV is waiting for comes back as `invalid_grant`, whose catalogue text speaks of
 * an expired sign-in: here it means a mistyped code, and an `expired_token` an old one.
 */
export function tvCodeState<T>(state: AccountActionState<T>, t: Translate): AccountActionState<T> {
  if (state.status !== "error") return state;
  if (state.error.error === "invalid_grant") return { ...state, message: t("accounts.tv.wrongCode") };
  if (state.error.error === "expired_token") return { ...state, message: t("accounts.tv.codeExpired") };
  return state;
}

type Viewer = { status: "loading" } | { status: "signed-out" } | { status: "ready"; user: UserMe };

/**
 * The TV's device-flow approval (RFC 8628): the signed-in person types the code the TV
 * shows (or arrives with `?user_code=`), sees which app asks, and approves or denies.
 */
export function TvApproval() {
  const t = useT();
  const id = useId();
  const api = useAccountApi();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const mayBeSignedIn = useSignedInHint();
  const [viewer, setViewer] = useState<Viewer>({ status: "loading" });
  const [code, setCode] = useState(params.get("user_code") ?? "");
  const lookup = useAccountAction(nimbusApi.auth.deviceLookup);
  const verify = useAccountAction(nimbusApi.auth.deviceVerify);
  useEffect(() => {
    // Without a session cookie the answer would be a 401: show the sign-in step at once.
    if (!mayBeSignedIn) {
      setViewer({ status: "signed-out" });
      return;
    }
    void api(nimbusApi.user.me).then((result) =>
      setViewer(result.ok ? { status: "ready", user: result.data } : { status: "signed-out" }),
    );
  }, [api, mayBeSignedIn]);

  if (viewer.status === "loading") return <div className="card form-card" aria-busy="true" />;
  if (viewer.status === "signed-out")
    return (
      <div className="card form-card">
        <p>{t("accounts.tv.signIn")}</p>
        <Link className="button primary" to={loginPathFor(`${pathname}${search}`)}>
          {t("nav.signIn")}
        </Link>
      </div>
    );

  const request = lookup.state.status === "done" ? lookup.state.data : undefined;
  if (verify.state.status === "done")
    return (
      <div className="card form-card" role="status">
        <p className="form-message success">
          {t(verify.state.data.status === "approved" ? "tv.form.success" : "accounts.tv.denied")}
        </p>
      </div>
    );
  if (request)
    return (
      <div className="card form-card">
        <h2>{t("accounts.tv.confirmTitle")}</h2>
        <p>
          {t("accounts.tv.confirmBody", {
            app: request.client_name,
            account: viewer.user.email || viewer.user.name,
          })}
        </p>
        <p className="code-display">{request.user_code}</p>
        <div className="button-row">
          <button
            className="button primary"
            type="button"
            disabled={verify.busy}
            onClick={() => verify.run({ body: { user_code: request.user_code, approve: true } })}
          >
            {t("accounts.tv.approve")}
          </button>
          <button
            className="button"
            type="button"
            disabled={verify.busy}
            onClick={() => verify.run({ body: { user_code: request.user_code, approve: false } })}
          >
            {t("accounts.tv.deny")}
          </button>
        </div>
        <AccountStatus state={verify.state} />
      </div>
    );
  return (
    <form
      className="card form-card"
      onSubmit={(event) => {
        event.preventDefault();
        void lookup.run({ query: { user_code: normalizeTvCode(code) } });
      }}
    >
      <label htmlFor={`${id}-code`}>{t("tv.form.label")}</label>
      <input
        id={`${id}-code`}
        className="code-input"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        minLength={6}
        maxLength={12}
        placeholder="ABCD-1234"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="hint">
        {t("tv.form.hint")}
      </p>
      <button className="button primary" type="submit" disabled={lookup.busy}>
        {t("tv.form.submit")}
      </button>
      <AccountStatus state={tvCodeState(lookup.state, t)} />
    </form>
  );
}
