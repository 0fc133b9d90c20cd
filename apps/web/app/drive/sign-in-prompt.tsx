import { Link, useLocation } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { loginPathFor } from "../session/redirect.js";

/** The signed-out state: why to sign in, and the way to (coming back here afterwards). */
export function SignInPrompt({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <div className={compact ? "sign-in-prompt compact" : "sign-in-prompt card"}>
      {!compact && (
        <span className="feature-icon">
          <Icon d={icons.user} size={26} />
        </span>
      )}
      <p className={compact ? "sign-in-text muted" : "sign-in-text"}>
        {t(compact ? "drive.signedOut.short" : "drive.signedOut.body")}
      </p>
      <Link className="button primary" to={loginPathFor(`${pathname}${search}`)}>
        {t("nav.signIn")}
      </Link>
    </div>
  );
}
