import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { errorText } from "../../api/client.js";
import type { PickedFolder } from "../../components/folder-picker/folder-picker.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import type { Entry, Step } from "./file-picks.js";
import { CHECK_BATCH, type CheckedResource, offlineApi } from "./offline-api.js";
import {
  chunks,
  hasFileList,
  isTorrentFile,
  MAX_LINKS,
  pickedFiles,
  splitLinks,
  torrentDataUrl,
} from "./offline-links.js";
import { OFFLINE_TASKS_KEY } from "./use-offline-tasks.js";

export interface ChosenTorrent {
  id: number;
  name: string;
  url: string;
}

/**
 * The cloud-download dialog's work: the links and torrents given, checking magnets and
 * torrents for their files (step "pick"), then one task per link into `folder` (none: "My
 * Downloads"), each link's answer kept beside it; a link that failed can be sent again.
 */
export function useCloudDownload(initialUrl: string, torrentInDrive?: { fileId: string; name: string }) {
  const t = useT();
  const locale = useLocale();
  const queries = useQueryClient();
  const api = offlineApi(locale);
  const [text, setText] = useState(initialUrl);
  const [torrents, setTorrents] = useState<ChosenTorrent[]>([]);
  const nextTorrent = useRef(0);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [step, setStep] = useState<Step>("edit");
  const [folder, setFolder] = useState<PickedFolder | undefined>();
  const [message, setMessage] = useState("");

  const addTorrents = async (files: readonly File[]) => {
    const wanted = files.filter(isTorrentFile);
    if (wanted.length < files.length) setMessage(t("tasks.create.notTorrent"));
    const added = await Promise.all(
      wanted.map(async (file) => ({
        id: nextTorrent.current++,
        name: file.name,
        url: await torrentDataUrl(file),
      })),
    );
    if (added.length) {
      setTorrents((current) => [...current, ...added]);
      setStep("edit");
    }
  };
  const removeTorrent = (id: number) => setTorrents((current) => current.filter((other) => other.id !== id));

  const buildEntries = (): Entry[] => [
    ...(torrentInDrive
      ? [
          {
            key: `file:${torrentInDrive.fileId}`,
            label: torrentInDrive.name,
            source: { file_id: torrentInDrive.fileId },
          },
        ]
      : []),
    ...torrents.map((torrent) => ({
      key: `torrent:${torrent.id}`,
      label: torrent.name,
      source: { url: torrent.url },
    })),
    ...splitLinks(text).map((link) => ({ key: `link:${link}`, label: link, source: { url: link } })),
  ];

  const create = async (list: Entry[]) => {
    setStep("creating");
    const results: Entry[] = [];
    for (const entry of list) {
      if (entry.result?.ok) {
        results.push(entry);
        continue;
      }
      const files = entry.checked ? pickedFiles(entry.checked.files, entry.picked ?? new Set()) : undefined;
      if (files && files.length === 0) {
        results.push({ ...entry, result: { ok: false, message: t("tasks.files.noneChosen") } });
        continue;
      }
      const answer = await api.create({ ...entry.source, ...(files ? { files } : {}) }, folder?.id);
      results.push({
        ...entry,
        result: answer.ok ? { ok: true } : { ok: false, message: errorText(answer.error, t) },
      });
      setEntries([...results, ...list.slice(results.length)]);
    }
    setEntries(results);
    setStep(results.every((entry) => entry.result?.ok) ? "done" : "pick");
    if (results.some((entry) => entry.result?.ok))
      void queries.invalidateQueries({ queryKey: OFFLINE_TASKS_KEY });
  };

  /** Checks what has a file list, then creates; in step "pick", creates what is left. */
  const submit = async () => {
    setMessage("");
    if (step === "pick") return create(entries);
    const list = buildEntries();
    if (list.length === 0) return setMessage(t("tasks.create.empty"));
    if (list.length > MAX_LINKS) return setMessage(t("tasks.create.tooMany", { max: MAX_LINKS }));
    const toCheck = list.filter((entry) => entry.source.url && hasFileList(entry.source.url));
    if (toCheck.length === 0) return create(list);
    setEntries(list);
    setStep("checking");
    const resources: CheckedResource[] = [];
    let failure = "";
    for (const batch of chunks(toCheck, CHECK_BATCH)) {
      const answer = await api.check(batch.map((entry) => entry.source.url as string));
      if (answer.ok) resources.push(...answer.data.resources);
      else failure = errorText(answer.error, t);
    }
    const checked = list.map((entry): Entry => {
      const resource = resources.find((r) => r.url === entry.source.url);
      if (!resource) return entry;
      if (resource.status === "error")
        return {
          ...entry,
          result: { ok: false, message: resource.error?.error_description || t("api.unknown") },
        };
      return { ...entry, checked: resource, picked: new Set(resource.files.map((file) => file.index)) };
    });
    // A checker that fails leaves the server to keep every file of that link.
    if (failure) setMessage(failure);
    setEntries(checked);
    setStep("pick");
  };

  const pick = (index: number, picked: Set<string>) =>
    setEntries((current) => current.map((entry, j) => (j === index ? { ...entry, picked } : entry)));

  return {
    text,
    setText,
    torrents,
    addTorrents,
    removeTorrent,
    entries,
    pick,
    step,
    back: () => setStep("edit"),
    folder,
    setFolder,
    message,
    submit,
    busy: step === "checking" || step === "creating",
    created: entries.filter((entry) => entry.result?.ok).length,
  };
}

export type CloudDownload = ReturnType<typeof useCloudDownload>;
