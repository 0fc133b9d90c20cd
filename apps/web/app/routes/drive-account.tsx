import { AppPasswordsSection } from "../accounts/account/app-passwords-section.js";
import { DeleteAccountSection } from "../accounts/account/delete-section.js";
import { PasswordSection } from "../accounts/account/password-section.js";
import { ProfileSection } from "../accounts/account/profile-section.js";
import { ProvidersSection } from "../accounts/account/providers-section.js";
import { SessionsSection } from "../accounts/account/sessions-section.js";
import { SettingsSection } from "../accounts/account/settings-section.js";
import { TwoFactorSection } from "../accounts/account/two-factor-section.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { MembershipSection } from "../drive/membership-section.js";
import { OrderHistory } from "../drive/order-history.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { useSignOut } from "../session/sign-out.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-account";
import "../accounts/accounts.css";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveAccount");

/** One settings column: profile, plan, security (sign-out, password, sessions, app passwords), two-step, settings, danger zone. */
function Account() {
  const t = useT();
  const { session, reload } = useDriveSession();
  const signOut = useSignOut();
  if (session.status !== "ready") return null;
  const { user } = session;
  return (
    <div className="account-column">
      <ProfileSection user={user} onChanged={reload} />
      <section className="card account-section" aria-labelledby="plan-title">
        <h2 id="plan-title">{t("account.membership")}</h2>
        <MembershipSection />
        <h3 id="orders-title">{t("orders.title")}</h3>
        <OrderHistory />
      </section>
      <section className="card account-section" aria-labelledby="security-title">
        <h2 id="security-title">{t("account.security")}</h2>
        <p className="muted small">{t("account.security.body")}</p>
        <button className="button" type="button" onClick={signOut}>
          <Icon d={icons.logout} />
          {t("drive.user.signOut")}
        </button>
        <PasswordSection user={user} onChanged={reload} />
        <SessionsSection />
        <AppPasswordsSection />
      </section>
      <TwoFactorSection onChanged={reload} />
      <ProvidersSection user={user} onChanged={reload} />
      <SettingsSection />
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
