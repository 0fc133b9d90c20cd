import { nimbusApi } from "@nimbus/protocol";
import { useEffect, useState } from "react";
import { callEndpoint } from "../api/client.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { stripLocale } from "../i18n/locale-url.js";
import { createBuildWatch, parseBuildManifest } from "../lib/build-check.js";
import { whenIdle } from "../lib/idle.js";
import { RESUME_STORAGE_KEY } from "./upload/resume-store.js";
import "./build-update.css";

/** While uploads run (or wait to continue), a reload would interrupt them: the offer waits. */
const UPLOAD_POLL_MS = 5_000;

function uploading(): boolean {
  try {
    return Boolean(localStorage.getItem(RESUME_STORAGE_KEY));
  } catch {
    return false;
  }
}

function runningBuild(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

/**
 * The build-manifest check (spec §7, decision 0045): pages the route rules name ask
 * `GET /v1/app/build` on load (once the browser is idle), every interval and when the
 * tab shows again; a newer deployed build is offered politely ("Reload" or "Later"),
 * never forced, and not while an upload runs.
 */
export function BuildUpdate() {
  const t = useT();
  const locale = useLocale();
  const [found, setFound] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const watch = createBuildWatch({
      running: runningBuild(),
      fetchManifest: async () => {
        const answer = await callEndpoint(nimbusApi.app.build, { locale });
        return answer.ok ? parseBuildManifest(answer.data) : undefined;
      },
      pathname: () => stripLocale(window.location.pathname),
      onNewBuild: () => setFound(true),
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => void watch.check().then((done) => !done && schedule()), watch.intervalMs());
    };
    const cancelFirst = whenIdle(() => void watch.check().then((done) => !done && schedule()));
    const onVisible = () => {
      if (document.visibilityState === "visible") void watch.check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelFirst();
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [locale]);

  useEffect(() => {
    if (!found) return;
    setBusy(uploading());
    const poll = setInterval(() => setBusy(uploading()), UPLOAD_POLL_MS);
    return () => clearInterval(poll);
  }, [found]);

  const open = found && !dismissed && !busy;
  return (
    <div className="build-update-region" role="status" aria-live="polite">
      {open && (
        <div className="build-update" data-testid="build-update">
          <p>{t("buildUpdate.text")}</p>
          <div className="build-update-actions">
            <button type="button" className="button primary" onClick={() => window.location.reload()}>
              {t("buildUpdate.reload")}
            </button>
            <button type="button" className="button ghost" onClick={() => setDismissed(true)}>
              {t("buildUpdate.later")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
