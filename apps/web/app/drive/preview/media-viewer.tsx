import type { DriveFile, Media } from "@nimbus/protocol";
import { useState } from "react";
import { useT } from "../../i18n/i18n.js";
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

/**
 * A video, streamed with the browser's own controls (seeking asks byte ranges). An
 * E-AC-3 audio track is announced before playing, since the picture plays without
 * sound; a format the browser cannot decode at all ends in a clear message and the download.
 */
export function VideoViewer({ file }: { file: DriveFile }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  if (!file.web_content_link) return <Unsupported file={file} reason="preview.notReady" />;
  // `.ts` is a video (MPEG transport stream) or TypeScript: what will not play is shown as text.
  if (failed && fileExtension(file.name) === "ts") return <TextViewer file={file} />;
  if (failed) return <Unsupported file={file} reason="preview.videoUnsupported" />;
  return (
    <div className="preview-media">
      {hasUnsupportedAudio(file) && (
        <p className="preview-notice" role="note">
          {t("preview.eac3")}
        </p>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: users' own videos come without caption tracks */}
      <video
        className="preview-video"
        src={streamOf(file)}
        poster={file.thumbnail_link ? linkPath(file.thumbnail_link) : undefined}
        controls
        autoPlay
        playsInline
        preload="metadata"
        aria-label={file.name}
        onError={() => setFailed(true)}
      />
    </div>
  );
}

export function AudioViewer({ file }: { file: DriveFile }) {
  const [failed, setFailed] = useState(false);
  if (!file.web_content_link) return <Unsupported file={file} reason="preview.notReady" />;
  if (failed) return <Unsupported file={file} reason="preview.audioUnsupported" />;
  return (
    <div className="preview-media preview-audio">
      {file.thumbnail_link && <img className="preview-cover" src={linkPath(file.thumbnail_link)} alt="" />}
      {/* biome-ignore lint/a11y/useMediaCaption: users' own recordings come without captions */}
      <audio
        src={streamOf(file)}
        controls
        autoPlay
        preload="metadata"
        aria-label={file.name}
        onError={() => setFailed(true)}
      />
    </div>
  );
}
