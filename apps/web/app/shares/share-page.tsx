import type { DriveFile, ShareFilesResponse } from "@nimbus/protocol";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { useT } from "../i18n/i18n.js";
import { loginPathFor } from "../session/redirect.js";
import { PasscodeForm } from "./passcode-form.js";
import { ReportAbuse } from "./report-abuse.js";
import { MY_DRIVE, readSaveTarget } from "./restore-continuation.js";
import { trackRestore } from "./restore-events.js";
import { SaveStatus } from "./save-status.js";
import { SensitiveCover } from "./sensitive-cover.js";
import type { FirstVisit } from "./share-api.js";
import { ShareBreadcrumb } from "./share-breadcrumb.js";
import { ShareFileList } from "./share-file-list.js";
import { ShareHeading } from "./share-heading.js";
import { sharePath } from "./share-path.js";
import { SharePreview } from "./share-preview.js";
import { ShareState } from "./share-state.js";
import { canReport } from "./share-status.js";
import { ShareToolbar } from "./share-toolbar.js";
import { sortSharedFiles } from "./sort-files.js";
import { hideCover, isCoverHidden } from "./uncovered-shares.js";
import { storage, useShareSave } from "./use-share-save.js";
import { useShareVisit } from "./use-share-visit.js";
import { useSharedDisplayMode } from "./use-shared-display-mode.js";
import "./shares.css";

/** The folder picker is loaded when a save starts, so the share page's first load stays small. */
const SavePicker = lazy(() => import("./folder-picker.js"));

/**
 * The share page (`/s/{share_id}[/{...parent_ids}]`, spec §2): the check result's page
 * state, the passcode form, or the sharer, title, breadcrumbs and items in the shared
 * display mode, with previews, download for signed-in visitors and "Save to my drive".
 */
export function SharePage({
  shareId,
  parentIds,
  first,
}: {
  shareId: string;
  parentIds: string[];
  /** The first visit, made while the page rendered on the server. */
  first?: FirstVisit | null;
}) {
  const t = useT();
  const [query] = useSearchParams();
  const sCode = query.get("s_code") ?? undefined;
  const parentId = parentIds.at(-1);
  const { state, submitting, submitPasscode, loadMore, passCodeToken, retry } = useShareVisit(
    shareId,
    parentId,
    sCode,
    first,
  );
  const [mode, setMode] = useSharedDisplayMode();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [preview, setPreview] = useState<DriveFile | null>(null);
  const lastInfo = useRef<ShareFilesResponse | undefined>(undefined);
  if (state.kind === "list" || state.kind === "passcode" || state.kind === "blocked")
    lastInfo.current = state.info;
  const info = lastInfo.current;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new folder starts with nothing selected
  useEffect(() => setSelected(new Set()), [shareId, parentId]);

  const files = useMemo(
    () => (state.kind === "list" ? sortSharedFiles(state.files, mode) : []),
    [state, mode],
  );
  const fileCount = Number(info?.file_num ?? 0);

  // A share the viewer was let past as sensitive starts covered (the server render too);
  // "Show" is remembered per share in `pp_hidden_shared_content_cover`.
  const [uncovered, setUncovered] = useState(false);
  useEffect(() => {
    const store = storage();
    setUncovered(store ? isCoverHidden(store, shareId) : false);
  }, [shareId]);
  const covered = state.kind === "list" && Boolean(state.info.sensitive_status) && !uncovered;
  const showCovered = () => {
    const store = storage();
    if (store) hideCover(store, shareId);
    setUncovered(true);
  };

  const outcome =
    state.kind === "list" ? "list" : state.kind === "blocked" || state.kind === "failed" ? "gone" : "";
  const { restore, picking, cancelPicking, startSave, saveInto, savedCheck, signedIn } = useShareSave({
    shareId,
    parentIds,
    outcome,
    fileCount,
    passCodeToken,
    onStart: () => setPreview(null),
    onSaved: () => setSelected(new Set()),
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <main id="main" className="drive-main share-page">
      {info && state.kind !== "blocked" && state.kind !== "passcode" && (
        <ShareHeading
          info={info}
          // Inside a subfolder the share's own count (its top level) is not what is listed.
          fileCount={
            parentId && state.kind === "list" && !state.nextPageToken ? state.files.length : fileCount
          }
        />
      )}
      {state.kind === "loading" && <LoadingLine />}
      {state.kind === "failed" && (
        <LoadFailed
          title={t("shares.failed.title")}
          message={state.message}
          error={state.error}
          retry={retry}
        >
          {parentId && (
            <Link className="button" to={sharePath(shareId)}>
              {t("shares.failed.top")}
            </Link>
          )}
        </LoadFailed>
      )}
      {state.kind === "blocked" && (
        <ShareState status={state.status} sharer={state.info.user_info} signedIn={signedIn} />
      )}
      {covered && <SensitiveCover onShow={showCovered} />}
      {state.kind === "passcode" && (
        <PasscodeForm
          sharer={state.info.user_info}
          initialCode={sCode ?? ""}
          message={state.message}
          submitting={submitting}
          onSubmit={(code) => void submitPasscode(code)}
        />
      )}
      {state.kind === "list" && !covered && (
        <>
          <ShareBreadcrumb shareId={shareId} parentIds={parentIds} ancestors={state.info.ancestors} />
          <ShareToolbar
            selectedCount={selected.size}
            saving={restore.state.kind === "saving"}
            mode={mode}
            onMode={setMode}
            onSaveSelected={() => startSave([...selected])}
            onSaveAll={() => startSave(parentId ? [parentId] : [])}
            onClear={() => setSelected(new Set())}
          />
          <SaveStatus state={restore.state} onDismiss={restore.reset} />
          {files.length === 0 ? (
            <p className="muted share-empty">{t("shares.list.empty")}</p>
          ) : (
            <ShareFileList
              files={files}
              view={mode.viewType === "list" ? "list" : "grid"}
              selected={selected}
              onToggle={toggle}
              onToggleAll={() =>
                setSelected(
                  files.every((f) => selected.has(f.id)) ? new Set() : new Set(files.map((f) => f.id)),
                )
              }
              folderHref={(folder) => sharePath(shareId, [...parentIds, folder.id])}
              onOpen={setPreview}
              isSaved={savedCheck}
            />
          )}
          {state.nextPageToken && (
            <button
              type="button"
              className="button share-more"
              disabled={state.loadingMore}
              onClick={loadMore}
            >
              {t("shares.list.more")}
            </button>
          )}
        </>
      )}
      {info && state.kind !== "loading" && canReport(info.share_status) && <ReportAbuse shareId={shareId} />}
      {picking && (
        <Suspense fallback={null}>
          <SavePicker
            initial={storage() ? readSaveTarget(storage() as Storage) : MY_DRIVE}
            count={picking.length || fileCount}
            onChoose={saveInto}
            onClose={cancelPicking}
          />
        </Suspense>
      )}
      {preview && (
        <SharePreview
          shareId={shareId}
          file={preview}
          passCodeToken={passCodeToken()}
          signedIn={signedIn}
          signInPath={loginPathFor(sharePath(shareId, parentIds))}
          onSave={() => {
            trackRestore("PLAYER_RESTORE", { share_id: shareId, file_count: 1, signed_in: signedIn });
            startSave([preview.id]);
          }}
          onClose={() => setPreview(null)}
        />
      )}
    </main>
  );
}
