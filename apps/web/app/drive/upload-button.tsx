import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { focusFirst, useDisclosure } from "../components/use-disclosure.js";
import { useT } from "../i18n/i18n.js";
import { useDriveSession } from "../session/session.js";
import { requestUpload, sourcesOfInput } from "./upload/upload-events.js";
import * as uploadIcons from "./upload/upload-icons.js";

export { UPLOAD_EVENT } from "./upload/upload-events.js";

/** Upload files or a whole folder, through the file pickers; signed out, it leads to sign-in first. */
export function UploadButton() {
  const t = useT();
  const navigate = useNavigate();
  const { session } = useDriveSession();
  const menu = useDisclosure<HTMLDivElement>(focusFirst);
  const files = useRef<HTMLInputElement>(null);
  const folder = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Not in React's attribute types; every current browser supports it.
    folder.current?.setAttribute("webkitdirectory", "");
  }, []);
  const pick = (input: HTMLInputElement | null) => {
    menu.close();
    input?.click();
  };
  const onPicked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const sources = sourcesOfInput(event.currentTarget);
    event.currentTarget.value = "";
    requestUpload({ sources });
  };
  return (
    <div className="popover-anchor">
      <button
        {...menu.button}
        onClick={() => (session.status === "signed-out" ? navigate("/drive/login") : menu.button.onClick())}
        className="button primary upload-button"
        aria-label={t("drive.upload")}
      >
        <Icon d={icons.upload} />
        <span className="label">{t("drive.upload")}</span>
      </button>
      <div {...menu.panel} className="popover upload-menu">
        <div className="popover-links">
          <button type="button" onClick={() => pick(files.current)}>
            <Icon d={uploadIcons.file} />
            {t("uploads.pickFiles")}
          </button>
          <button type="button" onClick={() => pick(folder.current)}>
            <Icon d={icons.folder} />
            {t("uploads.pickFolder")}
          </button>
        </div>
      </div>
      <input
        ref={files}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-upload-input="files"
        aria-label={t("uploads.pickFiles")}
        onChange={onPicked}
      />
      <input
        ref={folder}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-upload-input="folder"
        aria-label={t("uploads.pickFolder")}
        onChange={onPicked}
      />
    </div>
  );
}
