import { useEffect, useRef } from "react";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { usePageAction } from "../components/platform/page-actions.js";
import { useT } from "../i18n/i18n.js";

/** Browser-storage key of spec §3; empty means a new user (§4). Dismissing the guide moves it to `init`. */
const NEW_USER_KEY = "pp_new_user";

const TIPS: ReadonlyArray<[id: string, icon: string]> = [
  ["upload", icons.upload],
  ["save", icons.save],
  ["cloud", icons.magnet],
  ["apps", icons.phone],
];

/**
 * The first-visit guide: shown once, then remembered as dismissed in local storage;
 * `?action=show_beginner_dialog` shows it again.
 */
export function GuideDialog() {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const show = () => {
    if (!dialog.current?.open) dialog.current?.showModal();
  };
  usePageAction("show_beginner_dialog", show);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first visit
  useEffect(() => {
    let seen = true;
    try {
      seen = Boolean(localStorage.getItem(NEW_USER_KEY));
    } catch {
      // No storage: do not nag on every visit.
    }
    if (!seen) show();
  }, []);
  const dismiss = () => {
    try {
      localStorage.setItem(NEW_USER_KEY, "init");
    } catch {
      // Nothing to remember it in.
    }
  };
  return (
    <dialog ref={dialog} className="guide" aria-labelledby="guide-title" onClose={dismiss}>
      <form method="dialog">
        <h2 id="guide-title">{t("drive.guide.title")}</h2>
        <p className="muted">{t("drive.guide.lead")}</p>
        <ul className="guide-tips">
          {TIPS.map(([id, icon]) => (
            <li key={id}>
              <span className="feature-icon">
                <Icon d={icon} size={22} />
              </span>
              <div>
                <strong>{t(`drive.guide.${id}.title`)}</strong>
                <p>{t(`drive.guide.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <button className="button primary" type="submit">
          {t("drive.guide.done")}
        </button>
      </form>
    </dialog>
  );
}
