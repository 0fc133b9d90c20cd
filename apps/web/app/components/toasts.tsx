import { useCallback, useRef, useState } from "react";
import { useT } from "../i18n/i18n.js";
import { IsolatedText } from "../lib/bidi.js";
import "./toasts.css";

export interface Toast {
  id: number;
  text: string;
  tone?: "error";
  undo?: () => void;
}

export type ShowToast = (toast: Omit<Toast, "id">) => void;

/** Short notices at the bottom ("3 items moved to trash · Undo"); errors stay longer. */
export function useToasts(): [Toast[], ShowToast, (id: number) => void] {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>(
    (toast) => {
      const id = next.current++;
      setToasts((list) => [...list.slice(-2), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.tone === "error" || toast.undo ? 8000 : 4000);
    },
    [dismiss],
  );
  return [toasts, show, dismiss];
}

export function Toasts({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: number): void }) {
  const t = useT();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={toast.tone === "error" ? "toast error" : "toast"}>
          <span>
            <IsolatedText text={toast.text} />
          </span>
          {toast.undo && (
            <button
              type="button"
              className="toast-undo"
              onClick={() => {
                dismiss(toast.id);
                toast.undo?.();
              }}
            >
              {t("files.undo")}
            </button>
          )}
          <button
            type="button"
            className="toast-close"
            aria-label={t("common.close")}
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
