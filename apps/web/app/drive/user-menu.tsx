import { Link } from "react-router";
import { EmailAddress } from "../components/email-address.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { focusFirst, useDisclosure } from "../components/use-disclosure.js";
import { useT } from "../i18n/i18n.js";
import { sessionPremium, useDriveSession } from "../session/session.js";
import { useSignOut } from "../session/sign-out.js";
import { useFeature } from "../site/remote-config.js";
import { PremiumBadge, PremiumUntil } from "./premium-badge.js";
import { UsageBar } from "./usage-bar.js";

/** The avatar in the drive header and its user info popover; "Sign in" when signed out. */
export function UserMenu() {
  const t = useT();
  const payments = useFeature("payments");
  const { session, reload } = useDriveSession();
  const signOut = useSignOut();
  const popover = useDisclosure<HTMLDivElement>(focusFirst);
  if (session.status === "loading") return <span className="avatar skeleton" aria-hidden="true" />;
  if (session.status === "signed-out")
    return (
      <Link className="button primary" to="/drive/login">
        {t("nav.signIn")}
      </Link>
    );
  const user = session.status === "ready" ? session.user : undefined;
  const name = user?.name || user?.email || "";
  return (
    <div className="popover-anchor">
      <button {...popover.button} className="avatar" aria-label={t("drive.user.open")}>
        {user?.picture ? (
          <img src={user.picture} alt="" width={36} height={36} />
        ) : user ? (
          <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
        ) : (
          <Icon d={icons.info} />
        )}
      </button>
      <div
        {...popover.panel}
        className="popover user-popover"
        role="dialog"
        aria-label={t("drive.user.open")}
      >
        {session.status === "error" ? (
          <>
            <p className="form-message error" role="alert">
              {session.message}
            </p>
            <button type="button" className="button" onClick={reload}>
              {t("common.retry")}
            </button>
          </>
        ) : (
          <>
            <div className="user-card">
              <strong>{user?.name}</strong>
              <span className="muted">{user?.email && <EmailAddress address={user.email} />}</span>
            </div>
            <div className="membership">
              <PremiumBadge free />
              {payments && (
                <Link to="/drive/payment">
                  {sessionPremium(session) ? t("account.plan.extend") : t("drive.user.upgrade")}
                </Link>
              )}
            </div>
            <PremiumUntil />
            {session.about && <UsageBar about={session.about} />}
            <nav className="popover-links" aria-label={t("drive.user.links")}>
              <Link to="/drive/account">
                <Icon d={icons.user} size={18} />
                {t("page.driveAccount.title")}
              </Link>
              <Link to="/drive/feedback">
                <Icon d={icons.chat} size={18} />
                {t("page.driveFeedback.title")}
              </Link>
              <button type="button" onClick={signOut}>
                <Icon d={icons.logout} size={18} />
                {t("drive.user.signOut")}
              </button>
            </nav>
          </>
        )}
      </div>
    </div>
  );
}
