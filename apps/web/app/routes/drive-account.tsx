import { Link } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { DrivePage, SessionGate } from "../drive/drive-page.js";
import { useDriveSession } from "../drive/session.js";
import { useSignOut } from "../drive/sign-out.js";
import { UsageBar } from "../drive/usage-bar.js";
import { formatDate } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { namedPageMeta } from "../site/meta.js";
import type { Route } from "./+types/drive-account";

export const meta: Route.MetaFunction = ({ matches }) => namedPageMeta(matches, "driveAccount");

function Account() {
  const t = useT();
  const locale = useLocale();
  const { session } = useDriveSession();
  const signOut = useSignOut();
  if (session.status !== "ready") return null;
  const { user, about } = session;
  const rows: Array<[string, string]> = [
    ["account.name", user.name || "—"],
    ["account.email", user.email || "—"],
    ["account.phone", user.phone_number || "—"],
    ["account.password", t(user.password === "SET" ? "account.password.set" : "account.password.unset")],
    ["account.since", user.created_at ? formatDate(user.created_at, locale) : "—"],
  ];
  return (
    <div className="account-grid">
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">{t("account.profile")}</h2>
        <dl className="details">
          {rows.map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="plan-title">
        <h2 id="plan-title">{t("account.membership")}</h2>
        <p>
          <span className="badge">{t("drive.user.free")}</span>
        </p>
        {about && <UsageBar about={about} />}
        <Link className="button primary" to="/drive/payment">
          <Icon d={icons.star} />
          {t("drive.user.upgrade")}
        </Link>
      </section>
      <section className="card" aria-labelledby="security-title">
        <h2 id="security-title">{t("account.security")}</h2>
        <p className="muted">{t("account.security.body")}</p>
        <button className="button" type="button" onClick={signOut}>
          <Icon d={icons.logout} />
          {t("drive.user.signOut")}
        </button>
      </section>
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
