import { type KeyboardEvent, type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";

/** What `showModalUntilClosed` needs of a `<dialog>` (an interface, so a unit test can stand in). */
export interface ModalElement {
  readonly open: boolean;
  readonly ownerDocument: { readonly activeElement: unknown };
  showModal(): void;
  close(): void;
}

function focusable(value: unknown): value is { isConnected: boolean; focus(): void } {
  return (
    typeof value === "object" && value !== null && typeof (value as { focus?: unknown }).focus === "function"
  );
}

/**
 * Shows `element` as a modal and returns what undoes it: closing it and giving the focus
 * back to the element that had it before (the opener), when that is still on the page.
 * The browser does not give it back when the dialog leaves the page while open.
 */
export function showModalUntilClosed(element: ModalElement): () => void {
  const opener = element.ownerDocument.activeElement;
  if (!element.open) element.showModal();
  return () => {
    if (element.open) element.close();
    if (focusable(opener) && opener.isConnected) opener.focus();
  };
}

/**
 * The one modal dialog: a native `<dialog>` shown with `showModal` while `open` (by
 * default while mounted), named by the heading whose id is `labelledBy`. Escape, and a
 * `<form method="dialog">` inside, ask `onDismiss`; the owner closes it by setting
 * `open` to false or unmounting it, and the focus returns to the opener.
 */
export function ModalDialog({
  open = true,
  labelledBy,
  onDismiss,
  className,
  dialogRef,
  onKeyDown,
  children,
}: {
  open?: boolean;
  labelledBy: string;
  onDismiss(): void;
  className: string;
  /** For owners that look inside the dialog (a focus trap, say). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  onKeyDown?(event: KeyboardEvent<HTMLDialogElement>): void;
  children: ReactNode;
}) {
  const ownRef = useRef<HTMLDialogElement>(null);
  const ref = dialogRef ?? ownRef;
  // A layout effect, so the dialog is open before the owner's effects move the focus into it.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!open || !element) return;
    return showModalUntilClosed(element);
  }, [open, ref]);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      onClose={(event) => {
        // Closed by the browser itself: a dialog form, or Escape when it skips the cancel event.
        // A close event that arrives while the dialog is open again (React closed and reopened it,
        // hiding and showing a suspended tree) is stale.
        if (open && !event.currentTarget.open) onDismiss();
      }}
    >
      {children}
    </dialog>
  );
}
