import type { RefObject } from "react";
import { Form, useSearchParams } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LanguageMenu } from "../components/language-menu.js";
import { Brand } from "../components/site-header.js";
import { ThemeToggle } from "../components/theme-toggle.js";
import { useAwaitingScripts } from "../components/use-hydrated.js";
import { useT } from "../i18n/i18n.js";
import { RedeemBox } from "./redeem-box.js";
import { CloudDownloadButton } from "./tasks/cloud-download-button.js";
import { UploadButton } from "./upload-button.js";
import { UserMenu } from "./user-menu.js";

export function DriveHeader({
  sidebarId,
  drawerOpen,
  onMenu,
  menuButton,
  variant,
}: {
  sidebarId: string;
  drawerOpen: boolean;
  onMenu: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
  /** full: the drive; share: no drive tools; login: brand and settings only. */
  variant: "full" | "share" | "login";
}) {
  const t = useT();
  const [params] = useSearchParams();
  const searching = params.get("action") === "search";
  const full = variant === "full";
  const waiting = useAwaitingScripts();
  return (
    <header className="drive-header">
      {full && (
        <button
          ref={menuButton}
          type="button"
          className="icon-button mobile-only"
          aria-expanded={drawerOpen}
          aria-controls={sidebarId}
          aria-label={t("drive.menu")}
          onClick={onMenu}
          {...waiting}
        >
          <Icon d={icons.menu} />
        </button>
      )}
      <Brand />
      {full && (
        <Form role="search" className="drive-search" action="/drive/all" method="get">
          <input type="hidden" name="action" value="search" />
          <Icon d={icons.search} size={18} />
          <label htmlFor="drive-search" className="visually-hidden">
            {t("drive.search.label")}
          </label>
          <input
            key={searching ? params.get("keyword") : ""}
            id="drive-search"
            name="keyword"
            type="search"
            defaultValue={searching ? (params.get("keyword") ?? "") : ""}
            placeholder={t("drive.search.placeholder")}
            enterKeyHint="search"
          />
        </Form>
      )}
      <div className="header-actions">
        {full && <UploadButton />}
        {full && <CloudDownloadButton />}
        {full && <RedeemBox />}
        <ThemeToggle />
        <LanguageMenu />
        {variant !== "login" && <UserMenu />}
      </div>
    </header>
  );
}
