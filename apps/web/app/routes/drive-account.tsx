import { Link } from "react-router";
import { DeleteAccountSection } from "../accounts/account/delete-section.js";
import { PasswordSection } from "../accounts/account/password-section.js";
import { ProfileSection } from "../accounts/account/profile-section.js";
import { SessionsSection } from "../accounts/account/sessions-section.js";
import { TwoFactorSection } from "../accounts/account/two-factor-section.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { useDriveSession } from "../drive/session.js";
import { useSignOut } from "../drive/sign-out.js";
import { UsageBar } from "../drive/usage-bar.js";
import { useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-account";
import "../accounts/accounts.css";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveAccount");

function Account() {
  const t = useT();
  const { session, reload } = useDriveSession();
  const signOut = useSignOut();
  if (session.status !== "ready") return null;
  const { user, about } = session;
  return (
    <div className="account-grid">
      <ProfileSection user={user} onChanged={reload} />
      <section className="card account-section" aria-labelledby="plan-title">
        <h2 id="plan-title">{t("account.membership")}</h2>
        <p>
          <span className="badge">{t("drive.user.free")}</span>
        </p>
        {about && <UsageBar about={about} />}
        <Link className="button primary" to="/drive/payment">
          <Icon d={icons.star} />
          {t("drive.user.upgrade")}
        </Link>
        <h3>{t("account.security")}</h3>
        <p className="muted small">{t("account.security.body")}</p>
        <button className="button" type="button" onClick={signOut}>
          <Icon d={icons.logout} />
          {t("drive.user.signOut")}
        </button>
      </section>
      <PasswordSection user={user} onChanged={reload} />
      <TwoFactorSection onChanged={reload} />
      <SessionsSection />
      <DeleteAccountSection user={user} />
    </div>
  );
}

export default function DriveAccountPage() {
  return (
    <DrivePage name="driveAccount">
      <SessionGate>
        <Account />
      </SessionGate>
    </DrivePage>
  );
}
