import type { DriveFile } from "@nimbus/protocol";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { formatBytes } from "../../i18n/format.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import * as previewIcons from "./preview-icons.js";
import { linkPath } from "./use-drive-file.js";

/** What the preview shows instead of the file: why, and the download. */
export function Unsupported({
  file,
  reason,
  params,
}: {
  file: DriveFile;
  /** Catalogue key of the explanation. */
  reason: string;
  params?: Record<string, string | number>;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="preview-unsupported" role="status">
      <span className="preview-unsupported-icon">
        <Icon d={previewIcons.unsupported} size={36} />
      </span>
      <p className="preview-unsupported-name">
        <bdi>{file.name}</bdi> · {formatBytes(file.size, locale)}
      </p>
      <p>{t(reason, params)}</p>
      {file.web_content_link && (
        <a className="button primary" href={linkPath(file.web_content_link)} download={file.name}>
          <Icon d={icons.download} />
          {t("preview.download")}
        </a>
      )}
    </div>
  );
}
