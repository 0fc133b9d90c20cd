import type { DriveFile, Media } from "@nimbus/protocol";
import { useMemo, useState } from "react";
import { Icon } from "../../components/icon.js";
import * as icons from "../../components/icons.js";
import { Player, type QueueStep } from "../../components/player/player.js";
import { driveSource } from "../../components/player/sources.js";
import { useLocale, useT } from "../../i18n/i18n.js";
import { fileExtension, isUnsupportedAudioCodec } from "../../lib/file-types.js";
import { TextViewer } from "./text-viewer.js";
import { Unsupported } from "./unsupported.js";
import { linkPath } from "./use-drive-file.js";

function originOf(file: DriveFile): Partial<Media> | undefined {
  const medias = file.medias as Partial<Media>[];
  return medias.find((media) => media.is_origin) ?? medias[0];
}

/** The streaming link: the original rendition's, else the file's own link asked inline (ranges make seeking work). */
function streamOf(file: DriveFile): string {
  const url = originOf(file)?.link?.url || file.web_content_link;
  return linkPath(url, true);
}

/** True when the audio track is one browsers cannot play (spec §5: eac3). */
export function hasUnsupportedAudio(file: DriveFile): boolean {
  const media = originOf(file);
  return Boolean(media?.audio_codec_unsupported) || isUnsupportedAudioCodec(media?.video?.audio_codec);
}

/** The next and previous file of the same kind in the folder, for the player's queue. */
export interface MediaQueue {
  next?: QueueStep | undefined;
  previous?: QueueStep | undefined;
}

function DownloadLink({ file }: { file: DriveFile }) {
  const t = useT();
  if (!file.web_content_link) return null;
  return (
    <a className="button" href={linkPath(file.web_content_link)} download={file.name}>
      <Icon d={icons.download} />
      {t("preview.download")}
    </a>
  );
}

/**
 * A video or a song in the Nimbus player (decision 0061): the server's plan for this
 * browser — the original bytes, or HLS remuxed or converted on demand — with subtitles,
 * audio tracks, quality and the saved position. A file that plays nowhere here ends in a
 * clear message and the download.
 */
export function MediaViewer({
  file,
  kind,
  queue = {},
}: {
  file: DriveFile;
  kind: "video" | "audio";
  queue?: MediaQueue;
}) {
  const locale = useLocale();
  const t = useT();
  const [failed, setFailed] = useState(false);
  const source = useMemo(() => driveSource(file.id, locale), [file.id, locale]);
  if (!file.web_content_link) return <Unsupported file={file} reason="preview.notReady" />;
  // `.ts` is a video (MPEG transport stream) or TypeScript: what will not play is shown as text.
  if (failed && fileExtension(file.name) === "ts") return <TextViewer file={file} />;
  if (failed)
    return (
      <Unsupported
        file={file}
        reason={kind === "video" ? "preview.videoUnsupported" : "preview.audioUnsupported"}
      />
    );
  return (
    <div className={`preview-media preview-player${kind === "audio" ? " preview-audio" : ""}`}>
      <Player
        name={file.name}
        kind={kind}
        source={source}
        poster={file.thumbnail_link ? linkPath(file.thumbnail_link) : undefined}
        download={<DownloadLink file={file} />}
        fallbackUrl={streamOf(file)}
        fallbackNotice={hasUnsupportedAudio(file) ? t("preview.eac3") : undefined}
        next={queue.next}
        previous={queue.previous}
        autoAdvance={kind === "audio"}
        onUnplayable={() => setFailed(true)}
      />
    </div>
  );
}
