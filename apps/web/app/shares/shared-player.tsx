import type { DriveFile } from "@nimbus/protocol";
import { useMemo } from "react";
import { Player } from "../components/player/player.js";
import { shareSource } from "../components/player/sources.js";
import { useLocale } from "../i18n/i18n.js";

/**
 * A shared video or song in the Nimbus player, its plan asked through the share
 * (`POST /drive/v1/share/playback`, the visitor's passcode token): the same player as the
 * drive's, without a saved position (the file is the sharer's).
 */
export default function SharedPlayer({
  shareId,
  file,
  kind,
  passCodeToken,
  fallbackUrl,
}: {
  shareId: string;
  file: DriveFile;
  kind: "video" | "audio";
  passCodeToken: string | undefined;
  fallbackUrl: string;
}) {
  const locale = useLocale();
  const source = useMemo(
    () => shareSource(shareId, file.id, passCodeToken, locale),
    [shareId, file.id, passCodeToken, locale],
  );
  return (
    <div className={`share-player share-player-${kind}`}>
      <Player
        name={file.name}
        kind={kind}
        source={source}
        poster={file.thumbnail_link || undefined}
        fallbackUrl={fallbackUrl || undefined}
      />
    </div>
  );
}
