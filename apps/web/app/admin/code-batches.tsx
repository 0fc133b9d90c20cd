import { nimbusApi, type RewardGrants } from "@nimbus/protocol";
import { useCallback, useState } from "react";
import { callEndpoint, endpointUrl, errorText } from "../api/client.js";
import { ConfirmDialog } from "../components/dialogs.js";
import { Toasts, useToasts } from "../components/toasts.js";
import { useLocale, useT } from "../i18n/i18n.js";
import { MakeBatchForm, NewCodes } from "./code-batch-form.js";
import { ConsoleTable } from "./console-table.js";
import { formatMoment, grantsText } from "./format.js";
import { ListFooter } from "./list-footer.js";
import { useAdminList } from "./use-admin-list.js";

type Batch = {
  batch_id: string;
  note: string;
  grants: RewardGrants;
  code_count: number;
  redeemed_count: number;
  expires_time: string | null;
  revoked_time: string | null;
  created_time: string;
};

function batchState(batch: Batch, now: number): "revoked" | "expired" | "active" {
  if (batch.revoked_time) return "revoked";
  if (batch.expires_time && Date.parse(batch.expires_time) <= now) return "expired";
  return "active";
}

/** Activation-code batches: make one, export its codes as CSV, revoke it. Paged on the server. */
export function CodeBatchesSection() {
  const t = useT();
  const locale = useLocale();
  const [toasts, toast, dismiss] = useToasts();
  const fetchPage = useCallback(
    async (page_token?: string) => {
      const answer = await callEndpoint(nimbusApi.rewards.listCodeBatches, {
        query: { limit: 20, page_token },
        locale,
      });
      return answer.ok
        ? {
            ok: true as const,
            data: { data: answer.data.batches, next_page_token: answer.data.next_page_token },
          }
        : answer;
    },
    [locale],
  );
  const list = useAdminList<Batch>(fetchPage);
  const [revoking, setRevoking] = useState<Batch | undefined>(undefined);
  const [pending, setPending] = useState<string>("");
  /** The codes of the batch just made, shown until closed (they can also be exported). */
  const [made, setMade] = useState<string[]>([]);

  async function revoke(batch: Batch) {
    setRevoking(undefined);
    setPending(batch.batch_id);
    const answer = await callEndpoint(nimbusApi.rewards.revokeCodes, {
      params: { batch_id: batch.batch_id },
      locale,
    });
    setPending("");
    if (!answer.ok) {
      toast({ text: errorText(answer.error, t), tone: "error" });
      return;
    }
    toast({ text: t("admin.codes.revoked", { count: answer.data.revoked_count }) });
    await list.reload();
  }

  const now = Date.now();
  return (
    <>
      <MakeBatchForm
        onMade={async (codes) => {
          toast({ text: t("admin.codes.made", { count: codes.length }) });
          setMade(codes);
          await list.reload();
        }}
        onFailed={(text) => toast({ text, tone: "error" })}
      />
      {made.length > 0 && <NewCodes codes={made} onClose={() => setMade([])} />}
      <div className="card console-card">
        <h2>{t("admin.codes.batches")}</h2>
        <ConsoleTable
          caption={t("admin.codes.batches")}
          columns={[
            t("admin.codes.col.made"),
            t("admin.codes.col.grants"),
            t("admin.codes.col.redeemed"),
            t("admin.codes.col.expires"),
            t("admin.col.status"),
            { hidden: t("admin.col.actions") },
          ]}
        >
          {list.rows.map((batch) => {
            const state = batchState(batch, now);
            const name = batch.note || formatMoment(batch.created_time, locale);
            return (
              <tr key={batch.batch_id}>
                <td>
                  {formatMoment(batch.created_time, locale)}
                  {batch.note && <span className="cat-desc muted">{batch.note}</span>}
                </td>
                <td>{grantsText(batch.grants, t, locale)}</td>
                <td>
                  {t("admin.codes.redeemedOf", {
                    redeemed: batch.redeemed_count,
                    count: batch.code_count,
                  })}
                </td>
                <td>
                  {batch.expires_time ? formatMoment(batch.expires_time, locale) : t("admin.codes.never")}
                </td>
                <td>{t(`admin.codes.state.${state}`)}</td>
                <td>
                  <span className="console-row-actions">
                    <a
                      className="button"
                      href={endpointUrl(nimbusApi.rewards.exportCodes, {
                        params: { batch_id: batch.batch_id },
                      })}
                      download={`activation-codes-${batch.batch_id}.csv`}
                      aria-label={t("admin.codes.exportBatch", { name })}
                    >
                      {t("admin.codes.export")}
                    </a>
                    {state === "active" && (
                      <button
                        type="button"
                        className="button ghost"
                        disabled={pending === batch.batch_id}
                        aria-busy={pending === batch.batch_id}
                        aria-label={t("admin.codes.revokeBatch", { name })}
                        onClick={() => setRevoking(batch)}
                      >
                        {pending === batch.batch_id ? t("admin.codes.revoking") : t("admin.codes.revoke")}
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            );
          })}
        </ConsoleTable>
        <ListFooter list={list} />
      </div>
      {revoking && (
        <ConfirmDialog
          title={t("admin.codes.confirm.title")}
          body={t("admin.codes.confirm.body", { count: revoking.code_count - revoking.redeemed_count })}
          confirm={t("admin.codes.revoke")}
          onConfirm={() => void revoke(revoking)}
          onCancel={() => setRevoking(undefined)}
        />
      )}
      <Toasts toasts={toasts} dismiss={dismiss} />
    </>
  );
}
