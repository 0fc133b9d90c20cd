import {
  nimbusApi,
  type PlaybackCapabilities,
  type PlaybackPlan,
  type PlaybackRequest,
  type SavePlaybackPosition,
} from "@nimbus/protocol";
import { type ApiResult, callEndpoint, endpointUrl } from "../../api/client.js";
import { getDeviceId } from "../../lib/device-id.js";
import { memoryStorage } from "../../lib/platform.js";

/** The choices a plan is asked again for: another rendition, audio track or burned-in subtitle. */
export type PlanChoice = Pick<PlaybackRequest, "audio_track" | "rendition" | "burn_subtitle">;

/**
 * Where the player gets its plan and keeps its position: the caller's drive, or a share
 * (its visitor plays with the share's links and has no position to keep there).
 */
export interface PlaybackSource {
  plan(
    choice: PlanChoice,
    capabilities: PlaybackCapabilities,
    signal: AbortSignal,
  ): Promise<ApiResult<PlaybackPlan>>;
  /** Saves where the user is; `leaving` sends it so that it survives the page closing. */
  save?(position: SavePlaybackPosition, leaving: boolean): void;
}

function storage() {
  try {
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

/** The position PUT (`fetch` with keepalive: `sendBeacon` can only POST). */
export function positionPath(fileId: string): string {
  return endpointUrl(nimbusApi.playback.savePosition, { params: { id: fileId } });
}

export function driveSource(fileId: string, locale: string): PlaybackSource {
  return {
    plan: (choice, capabilities, signal) =>
      callEndpoint(nimbusApi.playback.plan, {
        params: { id: fileId },
        body: { capabilities, ...choice },
        locale,
        signal,
      }),
    save(position, leaving) {
      void fetch(positionPath(fileId), {
        method: "PUT",
        credentials: "same-origin",
        keepalive: leaving,
        headers: {
          "content-type": "application/json",
          "accept-language": locale,
          "x-client-id": "nimbus-web",
          "x-device-id": getDeviceId(storage()),
        },
        body: JSON.stringify(position),
      }).catch(() => {}); // offline: the next save carries it
    },
  };
}

export function shareSource(
  shareId: string,
  fileId: string,
  passCodeToken: string | undefined,
  locale: string,
): PlaybackSource {
  return {
    plan: (choice, capabilities, signal) =>
      callEndpoint(nimbusApi.playback.sharePlan, {
        body: {
          share_id: shareId,
          file_id: fileId,
          pass_code_token: passCodeToken || undefined,
          capabilities,
          ...choice,
        },
        locale,
        signal,
      }),
  };
}
