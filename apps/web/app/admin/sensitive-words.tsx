import { nimbusApi } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, errorText } from "../api/client.js";
import { Toasts, useToasts } from "../components/toasts.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";

/**
 * The sensitive-word list: a share whose title or an item's name contains a word shows
 * SENSITIVE_WORD. Admins add and remove stored words; the configured ones are shown only.
 */
export function SensitiveWordsCard() {
  const t = useT();
  const locale = useLocale();
  const [toasts, toast, dismiss] = useToasts();
  const [q, setQ] = useState("");
  const [configured, setConfigured] = useState<string[]>([]);
  const [busy, setBusy] = useState("");
  const fetchPage = useCallback(
    async (page_token?: string) => {
      const answer = await callEndpoint(nimbusApi.admin.listSensitiveWords, {
        query: { q, limit: 50, page_token },
        locale,
      });
      if (answer.ok) setConfigured(answer.data.configured);
      return answer;
    },
    [q, locale],
  );
  const list = useAdminList(fetchPage);

  async function change(word: string, add: boolean): Promise<boolean> {
    setBusy(word);
    const answer = await callEndpoint(
      add ? nimbusApi.admin.addSensitiveWord : nimbusApi.admin.removeSensitiveWord,
      { body: { word }, locale },
    );
    setBusy("");
    if (!answer.ok) {
      toast({ text: errorText(answer.error, t), tone: "error" });
      return false;
    }
    const shown = add && "word" in answer.data ? answer.data.word : word;
    toast({ text: t(add ? "admin.words.added" : "admin.words.removed", { word: shown }) });
    await list.reload();
    return true;
  }

  return (
    <div className="card console-card">
      <h2>{t("admin.words.title")}</h2>
      <p className="muted">{t("admin.words.hint")}</p>
      <form
        className="console-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const word = String(new FormData(form).get("word")).trim();
          if (!word) return;
          void change(word, true).then((done) => done && form.reset());
        }}
      >
        <div className="console-field wide">
          <label htmlFor="console-word-add">{t("admin.words.add")}</label>
          <input id="console-word-add" name="word" required maxLength={100} autoComplete="off" />
        </div>
        <button type="submit" className="button primary" disabled={busy !== ""}>
          {t("admin.words.addButton")}
        </button>
      </form>
      <form
        className="console-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(String(new FormData(event.currentTarget).get("q")).trim());
        }}
      >
        <div className="console-field wide">
          <label htmlFor="console-word-q">{t("admin.words.find")}</label>
          <input id="console-word-q" name="q" type="search" defaultValue={q} maxLength={100} />
        </div>
        <button type="submit" className="button">
          {t("admin.log.filter")}
        </button>
      </form>
      <ul className="console-rows" aria-label={t("admin.words.stored")}>
        {list.rows.map((row) => (
          <li key={row.word}>
            <span className="console-wrap">{row.word}</span>
            <span className="console-row-actions">
              <button
                type="button"
                className="button ghost"
                disabled={busy === row.word}
                aria-busy={busy === row.word}
                aria-label={t("admin.words.removeWord", { word: row.word })}
                onClick={() => void change(row.word, false)}
              >
                {t("admin.words.remove")}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <ListFooter list={list} />
      {configured.length > 0 && (
        <>
          <h3>{t("admin.words.configured")}</h3>
          <ul className="console-chips">
            {configured.map((word) => (
              <li key={word}>{word}</li>
            ))}
          </ul>
        </>
      )}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </div>
  );
}
