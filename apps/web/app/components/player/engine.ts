import type { PlaybackCapabilities, PlaybackPlan } from "@nimbus/protocol";
import type HlsType from "hls.js";
import type { ErrorData } from "hls.js";

/**
 * Puts a plan's stream into a media element (decision 0061): the original bytes or a native
 * HLS playlist as the element's `src`; otherwise hls.js (its light build: no alternate audio
 * or subtitle renditions, which the player gets from the plan) loaded on first use, with
 * jellyfin-web's buffer limits and media-error recovery.
 */
export interface Engine {
  destroy(): void;
}

/** jellyfin-web's hls.js settings (reference/playback.md §7): 30 s ahead keeps requests inside the server's "wait, don't restart" window. */
export function hlsConfig(startPosition: number) {
  return {
    startPosition,
    maxBufferLength: 30,
    maxMaxBufferLength: 30,
    backBufferLength: 90,
    manifestLoadingTimeOut: 20_000,
    // Segments of an on-demand transcode can take seconds to appear.
    fragLoadingTimeOut: 60_000,
    enableWorker: true,
    // Subtitles are <track> elements from the plan's WebVTT links, never the playlist's.
    enableWebVTT: false,
    enableIMSC1: false,
    enableCEA708Captions: false,
    lowLatencyMode: false,
  };
}

/** What a fatal error leaves: a message from the server when it sent one (a transcode limit), else none. */
export type EngineFailure = { description?: string };

/** The error object's description in a failed playlist or segment answer (text or bytes), when it has one. */
export function describedFailure(body: unknown): string | undefined {
  let text = body;
  if (body instanceof ArrayBuffer) {
    if (body.byteLength > 4096) return undefined;
    text = new TextDecoder().decode(body);
  }
  if (typeof text !== "string" || !text.trimStart().startsWith("{")) return undefined;
  try {
    const parsed = JSON.parse(text) as { error_description?: unknown };
    return typeof parsed.error_description === "string" ? parsed.error_description : undefined;
  } catch {
    return undefined;
  }
}

/** What the failed request answered: XHR's text or bytes (hls.js's default loader). */
function answerOf(details: unknown): unknown {
  if (typeof XMLHttpRequest === "undefined" || !(details instanceof XMLHttpRequest)) return undefined;
  return details.responseType === "" || details.responseType === "text"
    ? details.responseText
    : details.response;
}

type HlsModule = { default: typeof HlsType };
let hlsModule: Promise<HlsModule> | undefined;
/** hls.js, fetched the first time a stream needs it (a chunk of its own). */
export function loadHls(): Promise<HlsModule> {
  hlsModule ??= import("hls.js/light") as Promise<HlsModule>;
  return hlsModule;
}

export async function attachStream(
  media: HTMLMediaElement,
  plan: PlaybackPlan,
  hls: PlaybackCapabilities["hls"],
  startAt: number,
  onFatal: (failure: EngineFailure) => void,
): Promise<Engine> {
  if (plan.mode === "direct" || hls !== "mse") {
    const seek = () => {
      if (startAt > 0) media.currentTime = startAt;
    };
    media.addEventListener("loadedmetadata", seek, { once: true });
    media.src = plan.url;
    return {
      destroy() {
        media.removeEventListener("loadedmetadata", seek);
        media.removeAttribute("src");
        media.load();
      },
    };
  }
  const { default: Hls } = await loadHls();
  const player = new Hls(hlsConfig(startAt));
  let mediaRecoveries = 0;
  let networkRetries = 0;
  player.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
      // jellyfin-web: recover, then swap the audio codec and recover again.
      if (mediaRecoveries === 1) player.swapAudioCodec();
      mediaRecoveries += 1;
      player.recoverMediaError();
      return;
    }
    const status = data.response?.code ?? 0;
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && networkRetries < 1 && status !== 429 && status < 400) {
      networkRetries += 1;
      player.startLoad();
      return;
    }
    const description = describedFailure(answerOf(data.networkDetails));
    player.destroy();
    onFatal({ description });
  });
  player.on(Hls.Events.FRAG_BUFFERED, () => {
    mediaRecoveries = 0;
    networkRetries = 0;
  });
  player.loadSource(plan.url);
  player.attachMedia(media);
  return { destroy: () => player.destroy() };
}
