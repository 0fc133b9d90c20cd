import type { ShareUserInfo } from "@nimbus/protocol";
import { useT } from "../i18n/i18n.js";
import { IsolatedText, isolated } from "../lib/bidi.js";

/** Who shares: avatar (or initial) and name. */
export function Sharer({ user }: { user: ShareUserInfo }) {
  const t = useT();
  const name = user.nickname || t("shares.sharer.anonymous");
  return (
    <p className="share-sharer">
      {user.avatar ? (
        <img className="share-avatar" src={user.avatar} alt="" />
      ) : (
        <span className="share-avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span>
        <IsolatedText text={t("shares.sharer.sharedBy", { name: isolated(name) })} />
      </span>
    </p>
  );
}
