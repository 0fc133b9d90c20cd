import type { DriveFile, ShareFilesResponse, ShareStatus } from "@nimbus/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { useAccountApi } from "../accounts/use-account-api.js";
import { errorText } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { dropPasscodeToken, loadPasscodeToken, savePasscodeToken } from "./passcode-token.js";
import { shareApi, type VisitQuery, visitUrl } from "./share-api.js";
import { statusPage } from "./share-status.js";

export type VisitState =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "passcode"; status: ShareStatus; info: ShareFilesResponse; message?: string }
  | { kind: "blocked"; status: ShareStatus; info: ShareFilesResponse }
  | {
      kind: "list";
      info: ShareFilesResponse;
      files: DriveFile[];
      nextPageToken: string;
      loadingMore: boolean;
    };

/**
 * One visit of a share page: the check result, then the listing of the share (or of a
 * folder inside it). A correct passcode (typed, or `s_code` in the URL) brings a
 * passcode token, kept in the per-share cookie; a token the server no longer accepts
 * is dropped and the passcode form comes back.
 */
export function useShareVisit(shareId: string, parentId: string | undefined, sCode: string | undefined) {
  const locale = useLocale();
  const t = useT();
  const [state, setState] = useState<VisitState>({ kind: "loading" });
  const [submitting, setSubmitting] = useState(false);
  const guardedApi = useAccountApi();
  const token = useRef<string | undefined>(undefined);
  const tokenShare = useRef("");
  const codeFromUrl = useRef(sCode);

  const settle = useCallback(
    (result: Awaited<ReturnType<ReturnType<typeof shareApi>["visit"]>>, sent: VisitQuery) => {
      if (!result.ok) {
        if (sent.passCode && state.kind === "passcode") {
          setState({ ...state, message: errorText(result.error, t) });
          return;
        }
        setState({ kind: "failed", message: errorText(result.error, t) });
        return;
      }
      const info = result.data;
      if (info.pass_code_token) {
        token.current = info.pass_code_token;
        savePasscodeToken(shareId, info.pass_code_token);
      }
      const page = statusPage(info.share_status);
      if (page === "list") {
        setState({
          kind: "list",
          info,
          files: info.files,
          nextPageToken: info.next_page_token,
          loadingMore: false,
        });
        return;
      }
      if (page === "passcode") {
        if (sent.passCodeToken) {
          token.current = undefined;
          dropPasscodeToken(shareId);
        }
        const wrong = info.share_status === "PASS_CODE_ERROR" || Boolean(sent.passCode);
        setState({
          kind: "passcode",
          status: info.share_status,
          info,
          message: wrong ? info.share_status_text || t("shares.passcode.wrong") : undefined,
        });
        return;
      }
      setState({ kind: "blocked", status: info.share_status, info });
    },
    [shareId, state, t],
  );
  const settleRef = useRef(settle);
  settleRef.current = settle;

  useEffect(() => {
    if (tokenShare.current !== shareId) {
      tokenShare.current = shareId;
      token.current = loadPasscodeToken(shareId);
    }
    const controller = new AbortController();
    const passCode = token.current ? undefined : codeFromUrl.current;
    codeFromUrl.current = undefined;
    const query: VisitQuery = { shareId, parentId, passCodeToken: token.current, passCode };
    setState({ kind: "loading" });
    shareApi(locale)
      .visit(query, controller.signal)
      .then(
        (result) => settleRef.current(result, query),
        () => {}, // aborted: a newer visit is under way
      );
    return () => controller.abort();
  }, [shareId, parentId, locale]);

  const submitPasscode = useCallback(
    async (passCode: string) => {
      setSubmitting(true);
      const query: VisitQuery = { shareId, parentId, passCode };
      // Passcode guesses are where the server escalates to the captcha shield: this call
      // goes through the captcha flow, so a challenge opens in the modal when asked for.
      const result = await guardedApi<ShareFilesResponse>(visitUrl(query), {
        captchaMeta: { share_id: shareId },
      });
      setSubmitting(false);
      settleRef.current(result, query);
    },
    [shareId, parentId, guardedApi],
  );

  const loadMore = useCallback(async () => {
    if (state.kind !== "list" || !state.nextPageToken || state.loadingMore) return;
    const current = state;
    setState({ ...current, loadingMore: true });
    const result = await shareApi(locale).visit({
      shareId,
      parentId,
      passCodeToken: token.current,
      pageToken: current.nextPageToken,
    });
    if (!result.ok || result.data.share_status !== "OK") {
      setState({ ...current, loadingMore: false });
      return;
    }
    setState({
      ...current,
      files: [...current.files, ...result.data.files],
      nextPageToken: result.data.next_page_token,
      loadingMore: false,
    });
  }, [state, shareId, parentId, locale]);

  const passCodeToken = useCallback(() => token.current, []);
  return { state, submitting, submitPasscode, loadMore, passCodeToken };
}
