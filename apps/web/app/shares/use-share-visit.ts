import type { DriveFile, ShareFilesResponse, ShareStatus } from "@nimbus/protocol";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiResult, errorText } from "../api/client.js";
import { type Translate, useLocale, useT } from "../i18n/i18n.js";
import { useAccountApi } from "../session/use-account-api.js";
import { dropPasscodeToken, loadPasscodeToken, savePasscodeToken } from "./passcode-token.js";
import { type FirstVisit, shareApi, type VisitQuery, visitEndpoint, visitQuery } from "./share-api.js";
import { statusPage } from "./share-status.js";

export type VisitState =
  | { kind: "loading" }
  | { kind: "failed"; message: string; error: string }
  | { kind: "passcode"; status: ShareStatus; info: ShareFilesResponse; message?: string }
  | { kind: "blocked"; status: ShareStatus; info: ShareFilesResponse }
  | {
      kind: "list";
      info: ShareFilesResponse;
      files: DriveFile[];
      nextPageToken: string;
      loadingMore: boolean;
    };

type VisitResult = ApiResult<ShareFilesResponse>;

/** What a visit's answer does to the page, and to the stored passcode token. */
interface Settled {
  state: VisitState;
  /** A passcode token to keep. */
  token?: string;
  /** The token sent is no longer accepted. */
  dropToken?: boolean;
}

/** The page state a visit's answer leads to (`previous`: the state it answers, for a wrong passcode). */
export function settleVisit(
  result: VisitResult,
  sent: VisitQuery,
  previous: VisitState,
  t: Translate,
): Settled {
  if (!result.ok) {
    if (sent.passCode && previous.kind === "passcode")
      return { state: { ...previous, message: errorText(result.error, t) } };
    return { state: { kind: "failed", message: errorText(result.error, t), error: result.error.error } };
  }
  const info = result.data;
  const token = info.pass_code_token || undefined;
  const page = statusPage(info.share_status);
  if (page === "list") {
    return {
      token,
      state: {
        kind: "list",
        info,
        files: info.files,
        nextPageToken: info.next_page_token,
        loadingMore: false,
      },
    };
  }
  if (page === "passcode") {
    const wrong = info.share_status === "PASS_CODE_ERROR" || Boolean(sent.passCode);
    return {
      token,
      dropToken: Boolean(sent.passCodeToken),
      state: {
        kind: "passcode",
        status: info.share_status,
        info,
        message: wrong ? info.share_status_text || t("shares.passcode.wrong") : undefined,
      },
    };
  }
  return { token, state: { kind: "blocked", status: info.share_status, info } };
}

/** The loader's first visit, when it is the visit of this page (share and folder). */
function firstOf(first: FirstVisit | null | undefined, shareId: string, parentId: string | undefined) {
  return first && first.query.shareId === shareId && first.query.parentId === parentId ? first : undefined;
}

/**
 * One visit of a share page: the check result, then the listing of the share (or of a
 * folder inside it). A correct passcode (typed, or `s_code` in the URL) brings a
 * passcode token, kept in the per-share cookie; a token the server no longer accepts
 * is dropped and the passcode form comes back. The first answer may come with the
 * page (`first`, asked while it rendered on the server): then the page opens on it.
 */
export function useShareVisit(
  shareId: string,
  parentId: string | undefined,
  sCode: string | undefined,
  first?: FirstVisit | null,
) {
  const locale = useLocale();
  const t = useT();
  const rendered = useRef(firstOf(first, shareId, parentId));
  const [state, setState] = useState<VisitState>(() => {
    const visit = rendered.current;
    return visit ? settleVisit(visit.result, visit.query, { kind: "loading" }, t).state : { kind: "loading" };
  });
  const [submitting, setSubmitting] = useState(false);
  const guardedApi = useAccountApi();
  const token = useRef<string | undefined>(undefined);
  const tokenShare = useRef("");
  const codeFromUrl = useRef(sCode);
  const [attempt, setAttempt] = useState(0);

  /** Keeps or drops the passcode token as an answer says. */
  const rememberToken = useCallback(
    ({ token: kept, dropToken }: Settled) => {
      if (kept) {
        token.current = kept;
        savePasscodeToken(shareId, kept);
      } else if (dropToken) {
        token.current = undefined;
        dropPasscodeToken(shareId);
      }
    },
    [shareId],
  );

  const settle = useCallback(
    (result: VisitResult, sent: VisitQuery) => {
      const next = settleVisit(result, sent, state, t);
      rememberToken(next);
      setState(next.state);
    },
    [state, t, rememberToken],
  );
  const settleRef = useRef(settle);
  settleRef.current = settle;

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt visits again (Try again)
  useEffect(() => {
    if (tokenShare.current !== shareId) {
      tokenShare.current = shareId;
      token.current = loadPasscodeToken(shareId);
    }
    const visit = rendered.current;
    rendered.current = undefined;
    if (visit && firstOf(visit, shareId, parentId)) {
      // Answered while the page rendered: keep what it taught (a token from `s_code`).
      codeFromUrl.current = undefined;
      settleRef.current(visit.result, visit.query);
      return;
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
  }, [shareId, parentId, locale, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const submitPasscode = useCallback(
    async (passCode: string) => {
      setSubmitting(true);
      const query: VisitQuery = { shareId, parentId, passCode };
      // Passcode guesses are where the server escalates to the captcha shield: this call
      // goes through the captcha flow, so a challenge opens in the modal when asked for.
      const result = await guardedApi(visitEndpoint(query), {
        query: visitQuery(query),
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
  return { state, submitting, submitPasscode, loadMore, passCodeToken, retry };
}
