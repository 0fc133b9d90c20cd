import { type DriveFile, nimbusApi } from "@nimbus/protocol";
import { useEffect, useRef, useState } from "react";
import { callEndpoint, errorText } from "../../api/client.js";
import { useLocale, useT } from "../../i18n/i18n.js";

export type FileState =
  | { status: "loading" }
  | { status: "ready"; file: DriveFile }
  | { status: "error"; message: string; signedOut: boolean };

/** One file with fresh signed links (`GET /drive/v1/files/{id}`), remembered while the dialog is open. */
export function useDriveFile(id: string | undefined): FileState {
  const locale = useLocale();
  const t = useT();
  const cache = useRef(new Map<string, FileState>());
  const [state, setState] = useState<FileState>({ status: "loading" });
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows locale
  useEffect(() => {
    if (!id) return;
    const known = cache.current.get(id);
    if (known) {
      setState(known);
      return;
    }
    setState({ status: "loading" });
    const controller = new AbortController();
    callEndpoint(nimbusApi.drive.getFile, {
      params: { id },
      locale,
      signal: controller.signal,
    }).then(
      (answer) => {
        const next: FileState = answer.ok
          ? { status: "ready", file: answer.data }
          : {
              status: "error",
              message: errorText(answer.error, t),
              signedOut: answer.error.status === 401,
            };
        if (answer.ok) cache.current.set(id, next);
        setState(next);
      },
      () => {}, // aborted: another file was asked for
    );
    return () => controller.abort();
  }, [id, locale]);
  return state;
}

/** A signed link as a path on this origin, optionally asking for inline display. */
export function linkPath(url: string, inline = false): string {
  const parsed = new URL(url, "http://localhost");
  if (inline && !parsed.searchParams.has("disposition")) parsed.searchParams.set("disposition", "inline");
  return parsed.pathname + parsed.search;
}
