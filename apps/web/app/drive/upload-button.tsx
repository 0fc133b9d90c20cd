import { useRef } from "react";
import { useNavigate } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "./session.js";

/** The files people picked, for the drive's upload queue (the drive issue listens). */
export const UPLOAD_EVENT = "nimbus:upload";

/** Opens the file picker; signed out, it leads to sign-in first. */
export function UploadButton() {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { session } = useDriveSession();
  return (
    <>
      <button
        type="button"
        className="button primary upload-button"
        onClick={() => (session.status === "signed-out" ? navigate("/drive/login") : input.current?.click())}
      >
        <Icon d={icons.upload} />
        <span className="label">{t("drive.upload")}</span>
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = "";
          if (files.length) window.dispatchEvent(new CustomEvent(UPLOAD_EVENT, { detail: files }));
        }}
      />
    </>
  );
}
