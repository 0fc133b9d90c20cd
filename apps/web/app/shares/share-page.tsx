import type { DriveFile, ShareFilesResponse } from "@nimbus/protocol";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LoadFailed, LoadingLine } from "../components/load-state.js";
import { useT } from "../i18n/i18n.js";
import { readPageParams } from "../lib/page-params.js";
import { loginPathFor } from "../session/redirect.js";
import { useDriveSession } from "../session/session.js";
import { PasscodeForm } from "./passcode-form.js";
import { ReportAbuse } from "./report-abuse.js";
import {
  forgetPendingRestore,
  MY_DRIVE,
  readPendingRestore,
  readSaveTarget,
  rememberPendingRestore,
  rememberSaveTarget,
  type SaveTarget,
} from "./restore-continuation.js";
import { trackRestore } from "./restore-events.js";
import { SaveStatus } from "./save-status.js";
import { savedFileCheck } from "./saved-files.js";
import { SensitiveCover } from "./sensitive-cover.js";
import type { FirstVisit } from "./share-api.js";
import { ShareFileList } from "./share-file-list.js";
import { ShareHeading } from "./share-heading.js";
import { breadcrumbs, sharePath } from "./share-path.js";
import { SharePreview } from "./share-preview.js";
import { ShareState } from "./share-state.js";
import { canReport } from "./share-status.js";
import { ShareToolbar } from "./share-toolbar.js";
import { sortSharedFiles } from "./sort-files.js";
import { hideCover, isCoverHidden } from "./uncovered-shares.js";
import { useRestore } from "./use-restore.js";
import { useShareVisit } from "./use-share-visit.js";
import { useSharedDisplayMode } from "./use-shared-display-mode.js";
import "./shares.css";

/** The folder picker is loaded when a save starts, so the share page's first load stays small. */
const SavePicker = lazy(() => import("./folder-picker.js"));

function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

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
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const sCode = query.get("s_code") ?? undefined;
  const parentId = parentIds.at(-1);
  const { state, submitting, submitPasscode, loadMore, passCodeToken, retry } = useShareVisit(
    shareId,
    parentId,
    sCode,
    first,
  );
  const { session } = useDriveSession();
  const signedIn = session.status === "ready";
  const [mode, setMode] = useSharedDisplayMode();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [picking, setPicking] = useState<string[] | null>(null);
  const [preview, setPreview] = useState<DriveFile | null>(null);
  const restore = useRestore();
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

  // Back from sign-in with a save waiting for this share: finish it without asking again.
  // A share that can no longer be opened drops the waiting save (nothing to continue).
  const outcome =
    state.kind === "list" ? "list" : state.kind === "blocked" || state.kind === "failed" ? "gone" : "";
  const { save } = restore;
  // `pp_saved_file_ids`: what this browser saved from the share is marked, read again after each save.
  const [savedCheck, setSavedCheck] = useState<(id: string) => boolean>(() => () => false);
  const parentKey = parentIds.join("/");
  // biome-ignore lint/correctness/useExhaustiveDependencies: parentKey stands for parentIds
  useEffect(() => {
    const store = storage();
    if (store) setSavedCheck(() => savedFileCheck(store, shareId, parentIds));
  }, [shareId, parentKey, restore.state.kind]);
  useEffect(() => {
    const store = storage();
    if (!signedIn || !outcome || !store) return;
    const pending = readPendingRestore(store, Date.now());
    if (!pending || pending.body.share_id !== shareId) return;
    forgetPendingRestore(store);
    if (outcome === "gone") return;
    const body = { ...pending.body, pass_code_token: pending.body.pass_code_token || passCodeToken() };
    void save(body, MY_DRIVE, { continued: true, count: body.file_ids?.length || fileCount });
  }, [signedIn, outcome, shareId, save, passCodeToken, fileCount]);

  // The page renders before the session is known: a save clicked meanwhile waits for it,
  // so a signed-in visitor is never sent to the sign-in page.
  const [queuedSave, setQueuedSave] = useState<string[] | null>(null);
  const startSave = (fileIds: string[]) => {
    if (session.status === "loading") {
      setQueuedSave(fileIds);
      return;
    }
    const count = fileIds.length || fileCount;
    trackRestore("RESTORE_CLICK", { share_id: shareId, file_count: count, signed_in: signedIn });
    setPreview(null);
    if (signedIn) {
      setPicking(fileIds);
      return;
    }
    const store = storage();
    const body = {
      share_id: shareId,
      pass_code_token: passCodeToken() ?? "",
      file_ids: fileIds,
      parent_id: "",
    };
    const here = sharePath(shareId, parentIds);
    if (store) rememberPendingRestore(store, here, body, Date.now());
    void navigate(loginPathFor(here));
  };

  // `?speed_save=1` (decision 0039): the save of the whole share starts once it is listed.
  const speedSave = useRef(readPageParams(query).speedSave);
  // biome-ignore lint/correctness/useExhaustiveDependencies: starts once, when the share is listed
  useEffect(() => {
    if (!speedSave.current || outcome !== "list") return;
    speedSave.current = false;
    startSave([]);
  }, [outcome]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs the queued save once the session is known
  useEffect(() => {
    if (!queuedSave || session.status === "loading") return;
    setQueuedSave(null);
    startSave(queuedSave);
  }, [queuedSave, session.status]);

  const saveInto = (target: SaveTarget) => {
    const fileIds = picking ?? [];
    setPicking(null);
    setPreview(null);
    const store = storage();
    if (store) rememberSaveTarget(store, target);
    const body = {
      share_id: shareId,
      pass_code_token: passCodeToken() ?? "",
      file_ids: fileIds,
      parent_id: target.id,
    };
    void save(body, target, { count: fileIds.length || fileCount }).then(() => setSelected(new Set()));
  };

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
          <nav className="breadcrumb share-breadcrumb" aria-label={t("share.folderPath")}>
            {parentIds.length === 0 ? (
              <span aria-current="page">{t("shares.breadcrumb.all")}</span>
            ) : (
              <Link to={sharePath(shareId)}>{t("shares.breadcrumb.all")}</Link>
            )}
            {breadcrumbs(shareId, state.info.ancestors).map((crumb, index, all) => (
              <span key={crumb.id}>
                <span aria-hidden="true">/</span>{" "}
                {index === all.length - 1 ? (
                  <span aria-current="page">
                    <bdi>{crumb.name}</bdi>
                  </span>
                ) : (
                  <Link to={crumb.path}>
                    <bdi>{crumb.name}</bdi>
                  </Link>
                )}
              </span>
            ))}
          </nav>
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
            onClose={() => setPicking(null)}
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
