import { useState } from "react";
import { FormStatus } from "../components/form-status.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { focusFirst, useDisclosure } from "../components/use-disclosure.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { sessionPremium, useDriveSession } from "../session/session.js";
import { useMembershipAction } from "../session/use-membership.js";
import { useFeature } from "../site/remote-config.js";

/** The redeem box in the header bar: an activation code, sent to the membership API. */
export function RedeemBox() {
  const t = useT();
  const popover = useDisclosure<HTMLDivElement>(focusFirst);
  const { setOpen } = popover;
  const [code, setCode] = useState("");
  const { state, run } = useMembershipAction<{ grants?: unknown; expire?: string }>("redeemCode");
  const { session, reload } = useDriveSession();
  const locale = useLocale();
  // The premium end the redemption answered, else the session's once it has reloaded.
  const [until, setUntil] = useState("");
  const expire =
    until || (session.status === "ready" && sessionPremium(session) ? (session.vip?.expire ?? "") : "");
  const on = useFeature("activation_codes");
  usePageAction("open_redeem_box", () => {
    if (on) setOpen(true);
  });
  if (!on) return null;
  return (
    <div className="popover-anchor">
      <button
        {...popover.button}
        className="icon-button"
        aria-label={t("drive.redeem.open")}
        title={t("drive.redeem.open")}
      >
        <Icon d={icons.gift} />
      </button>
      <div {...popover.panel} className="popover redeem-popover" role="dialog" aria-labelledby="redeem-title">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run({ body: { activation_code: code.trim(), data: {} } }).then((result) => {
              if (!result.ok) return;
              setUntil(result.data.expire ?? "");
              setCode("");
              reload();
            });
          }}
        >
          <h2 id="redeem-title">{t("drive.redeem.title")}</h2>
          <p className="muted">{t("drive.redeem.body")}</p>
          <label htmlFor="redeem-code" className="visually-hidden">
            {t("drive.redeem.label")}
          </label>
          <div className="inline-form">
            <input
              id="redeem-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder={t("drive.redeem.label")}
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={64}
            />
            <button className="button primary" type="submit" disabled={state.status === "busy"}>
              {t("drive.redeem.submit")}
            </button>
          </div>
          <FormStatus
            state={state}
            done={
              expire
                ? t("drive.redeem.doneUntil", { date: formatDate(expire, locale) })
                : t("drive.redeem.done")
            }
          />
        </form>
      </div>
    </div>
  );
}
