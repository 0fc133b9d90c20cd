import type { DriveFile } from "@nimbus/protocol";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../api/client.js";
import { Icon } from "../components/icon.js";
import * as icons from "../components/icons.js";
import { LoadingLine } from "../components/load-state.js";
import { formatBytes } from "../i18n/format.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { fileCategory } from "../lib/file-types.js";
import { Modal } from "./modal.js";
import { shareApi } from "./share-api.js";

/** The player, fetched when a shared video or song opens (it brings hls.js on demand). */
const SharedPlayer = lazy(() => import("./shared-player.js"));

type Info = { kind: "loading" } | { kind: "ready"; file: DriveFile } | { kind: "failed"; message: string };

/** The signed link with `disposition=inline`, so the browser shows the bytes instead of saving them. */
export function inlineLink(link: string): string {
  if (!link) return "";
  const url = new URL(link, "http://placeholder.invalid");
  url.searchParams.set("disposition", "inline");
  return link.startsWith("http") ? url.href : `${url.pathname}${url.search}`;
}

/**
 * One shared file: its picture, video or sound (signed links of `share/file_info`,
 * no cookie needed), its size, and download for signed-in visitors.
 */
export function SharePreview({
  shareId,
  file,
  passCodeToken,
  signedIn,
  signInPath,
  onSave,
  onClose,
}: {
  shareId: string;
  file: DriveFile;
  passCodeToken: string | undefined;
  signedIn: boolean;
  signInPath: string;
  onSave(): void;
  onClose(): void;
}) {
  const t = useT();
  const locale = useLocale();
  const [info, setInfo] = useState<Info>({ kind: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale
  useEffect(() => {
    let live = true;
    void shareApi(locale)
      .fileInfo(shareId, file.id, passCodeToken)
      .then((result) => {
        if (!live) return;
        if (!result.ok) setInfo({ kind: "failed", message: errorText(result.error, t) });
        else if (!result.data.file_info) setInfo({ kind: "failed", message: result.data.share_status_text });
        else setInfo({ kind: "ready", file: result.data.file_info });
      });
    return () => {
      live = false;
    };
  }, [shareId, file.id, passCodeToken, locale]);

  const category = fileCategory(file);
  const ready = info.kind === "ready" ? info.file : undefined;
  const source = ready ? inlineLink(ready.web_content_link) : "";
  return (
    <Modal title={file.name} className="share-preview" onClose={onClose}>
      <div className="preview-stage">
        {info.kind === "loading" && <LoadingLine />}
        {info.kind === "failed" && (
          <p className="form-message error" role="alert">
            {info.message}
          </p>
        )}
        {source && category === "image" && <img src={source} alt={file.name} />}
        {ready && (category === "video" || category === "audio") && (
          <Suspense fallback={<LoadingLine />}>
            <SharedPlayer
              shareId={shareId}
              file={ready}
              kind={category}
              passCodeToken={passCodeToken}
              fallbackUrl={source}
            />
          </Suspense>
        )}
        {ready && !["image", "video", "audio"].includes(category) && (
          <p className="preview-none">
            <Icon d={icons.info} size={32} />
            <span>{t("shares.preview.none")}</span>
          </p>
        )}
      </div>
      <p className="muted">{formatBytes(file.size, locale)}</p>
      <div className="actions share-modal-actions">
        {signedIn ? (
          ready?.web_content_link ? (
            <a className="button" href={ready.web_content_link} download={file.name}>
              <Icon d={icons.download} size={18} />
              {t("shares.download")}
            </a>
          ) : null
        ) : (
          <Link className="button" to={signInPath}>
            <Icon d={icons.download} size={18} />
            {t("shares.download.signIn")}
          </Link>
        )}
        <button type="button" className="button primary" onClick={onSave}>
          <Icon d={icons.save} size={18} />
          {t("shares.save")}
        </button>
      </div>
    </Modal>
  );
}
