import { type ReactNode, useId } from "react";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { ModalDialog } from "../components/modal-dialog.js";
import { useT } from "../i18n/i18n.js";

/** A share dialog open while mounted, headed by its title; Escape or the close button ask `onClose`. */
export function Modal({
  title,
  className = "",
  onClose,
  children,
}: {
  title: string;
  className?: string;
  onClose(): void;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <ModalDialog
      className={`modal-surface share-modal ${className}`}
      labelledBy={titleId}
      onDismiss={onClose}
    >
      <header className="share-modal-head">
        <h2 id={titleId}>
          <bdi>{title}</bdi>
        </h2>
        <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onClose}>
          <Icon d={icons.close} />
        </button>
      </header>
      {children}
    </ModalDialog>
  );
}
