import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { readPageParams } from "../lib/page-params.js";
import { loginPathFor } from "../session/redirect.js";
import { useDriveSession } from "../session/session.js";
import {
  forgetPendingRestore,
  MY_DRIVE,
  readPendingRestore,
  rememberPendingRestore,
  rememberSaveTarget,
  type SaveTarget,
} from "./restore-continuation.js";
import { trackRestore } from "./restore-events.js";
import { savedFileCheck } from "./saved-files.js";
import { sharePath } from "./share-path.js";
import { useRestore } from "./use-restore.js";

export function storage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

/**
 * "Save to my drive" on a share page: a signed-in visitor picks a folder, a signed-out one
 * signs in first and the save continues on return (`pp_pending_restore`); a click before the
 * session is known waits for it; `?speed_save=1` saves the whole share once listed (decision
 * 0039); what this browser saved is marked (`pp_saved_file_ids`).
 */
export function useShareSave(options: {
  shareId: string;
  parentIds: string[];
  /** "list" once the share is listed, "gone" when it cannot be opened, "" while loading. */
  outcome: "list" | "gone" | "";
  fileCount: number;
  passCodeToken(): string | undefined;
  /** Called as a save starts (the page closes its preview) and when one is done (clears the selection). */
  onStart(): void;
  onSaved(): void;
}) {
  const { shareId, parentIds, outcome, fileCount, passCodeToken, onStart, onSaved } = options;
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const { session } = useDriveSession();
  const signedIn = session.status === "ready";
  const restore = useRestore();
  const { save } = restore;
  const [picking, setPicking] = useState<string[] | null>(null);

  const [savedCheck, setSavedCheck] = useState<(id: string) => boolean>(() => () => false);
  const parentKey = parentIds.join("/");
  // biome-ignore lint/correctness/useExhaustiveDependencies: parentKey stands for parentIds
  useEffect(() => {
    const store = storage();
    if (store) setSavedCheck(() => savedFileCheck(store, shareId, parentIds));
  }, [shareId, parentKey, restore.state.kind]);

  // Back from sign-in with a save waiting for this share: finish it without asking again.
  // A share that can no longer be opened drops the waiting save (nothing to continue).
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
    onStart();
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

  /** The folder was chosen: save the picked items into it, and remember it for next time. */
  const saveInto = (target: SaveTarget) => {
    const fileIds = picking ?? [];
    setPicking(null);
    onStart();
    const store = storage();
    if (store) rememberSaveTarget(store, target);
    const body = {
      share_id: shareId,
      pass_code_token: passCodeToken() ?? "",
      file_ids: fileIds,
      parent_id: target.id,
    };
    void save(body, target, { count: fileIds.length || fileCount }).then(onSaved);
  };

  return {
    restore,
    picking,
    cancelPicking: () => setPicking(null),
    startSave,
    saveInto,
    savedCheck,
    signedIn,
  };
}
