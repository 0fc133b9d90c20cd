import { type ReactNode, useEffect, useRef } from "react";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";

/** A modal `<dialog>` open while mounted; Escape, the close button or `onClose` end it. */
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
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={`share-modal ${className}`}
      aria-label={title}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="share-modal-head">
        <h2>{title}</h2>
        <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onClose}>
          <Icon d={icons.close} />
        </button>
      </header>
      {children}
    </dialog>
  );
}
