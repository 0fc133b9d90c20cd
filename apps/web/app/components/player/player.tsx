import type { PlaybackCapabilities, PlaybackPlan } from "@nimbus/protocol";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { errorText } from "../../api/client.js";
import { useT } from "../../i18n/i18n.js";
import { Icon } from "../icon.js";
import { Spinner } from "../spinner.js";
import { browserProbe, detectCapabilities } from "./capabilities.js";
import {
  type ControlActions,
  ControlBar,
  type MediaState,
  type QueueStep,
  SettingsPanel,
} from "./controls.js";
import { attachStream, type Engine } from "./engine.js";
import { type KeyInput, keyAction } from "./keys.js";
import { trackLanguage } from "./labels.js";
import * as icons from "./player-icons.js";
import type { PlanChoice, PlaybackSource } from "./sources.js";
import { formatTime, resumeAt } from "./time.js";
import "./player.css";

export type { QueueStep };

export interface PlayerProps {
  /** The file's name, for labels. */
  name: string;
  kind: "video" | "audio";
  source: PlaybackSource;
  /** The picture shown before the video starts, and an audio file's cover. */
  poster?: string | undefined;
  /** The download offered when the file cannot play here. */
  download?: ReactNode;
  /** The original bytes, played as they are when this server has no playback plans. */
  fallbackUrl?: string | undefined;
  /** What to say before playing the original bytes that way (audio the browser cannot play). */
  fallbackNotice?: string | undefined;
  next?: QueueStep | undefined;
  previous?: QueueStep | undefined;
  /** Goes on to `next` at the end (an audio folder plays as a queue). */
  autoAdvance?: boolean;
  /** The media cannot be played at all (instead of the player's own message). */
  onUnplayable?: () => void;
}

type Status =
  | { kind: "loading" }
  | { kind: "ready"; plan: PlaybackPlan }
  | { kind: "failed"; message: string; retry: boolean };

const SAVE_EVERY_MS = 10_000;
const IDLE_MS = 3_000;
const RESUME_NOTE_MS = 8_000;

const INITIAL_STATE: MediaState = {
  paused: true,
  current: 0,
  duration: 0,
  buffered: 0,
  volume: 1,
  muted: false,
  rate: 1,
  fullscreen: false,
  pip: false,
  waiting: false,
};

/** A plan for the original bytes: what plays when the server has no playback endpoint. */
function fallbackPlan(url: string, kind: "video" | "audio"): PlaybackPlan {
  return {
    file_id: "",
    mode: "direct",
    reasons: [],
    url,
    kind,
    duration_ms: 0,
    renditions: [],
    rendition: "origin",
    audio_tracks: [],
    audio_track: -1,
    subtitles: [],
    subtitle: "",
    position: null,
  };
}

/**
 * A signed link as a path on this page's origin, as every viewer of the drive uses them: the
 * server signs with its configured public address, which may name another host than the one
 * the page came from (localhost against 127.0.0.1), and hls.js fetches with CORS.
 */
export function onThisOrigin(url: string): string {
  if (!url || typeof location === "undefined") return url;
  const parsed = new URL(url, location.href);
  return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.pathname + parsed.search : url;
}

function localPlan(plan: PlaybackPlan): PlaybackPlan {
  return {
    ...plan,
    url: onThisOrigin(plan.url),
    subtitles: plan.subtitles.map((entry) => ({ ...entry, url: onThisOrigin(entry.url) })),
  };
}

function focusTarget(element: EventTarget | null): KeyInput["target"] | "field" {
  if (!(element instanceof HTMLElement)) return "other";
  if (element instanceof HTMLSelectElement) return "field";
  if (element instanceof HTMLInputElement) return element.type === "range" ? "slider" : "field";
  if (element.matches("button, a[href]")) return "button";
  return "other";
}

function endOfBuffer(media: HTMLMediaElement): number {
  const ranges = media.buffered;
  for (let i = 0; i < ranges.length; i++) {
    if (ranges.start(i) <= media.currentTime + 0.5 && media.currentTime <= ranges.end(i))
      return ranges.end(i);
  }
  return media.currentTime;
}

/**
 * The Nimbus player (decision 0061): asks the plan for this browser, plays it directly or
 * through HLS, and draws its own accessible controls — quality, subtitles, audio track,
 * speed, picture in picture, full screen, the keyboard — resuming where the user stopped and
 * saving the position while it plays.
 */
export function Player(props: PlayerProps) {
  const { kind, source, name } = props;
  const t = useT();
  const root = useRef<HTMLElement>(null);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const capabilities = useRef<PlaybackCapabilities>(undefined);
  const [status, setStatus] = useState<Status>({ kind: "loading" });
  const [choice, setChoice] = useState<PlanChoice>({});
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MediaState>(INITIAL_STATE);
  const [subtitle, setSubtitle] = useState("");
  const lastSubtitle = useRef("");
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [idle, setIdle] = useState(false);
  const [resumed, setResumed] = useState<number>(0);
  const startAt = useRef<number | undefined>(undefined);
  const lastKnown = useRef({ time: 0, duration: 0 });
  const started = useRef(false);
  const plan = status.kind === "ready" ? status.plan : undefined;
  const propsRef = useRef(props);
  propsRef.current = props;

  // The plan, asked again when a choice changes (keeping the time) or after "Try again".
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows the locale; a new source is a new file (keyed)
  useEffect(() => {
    const probe = browserProbe();
    capabilities.current ??= probe ? detectCapabilities(probe) : undefined;
    const caps = capabilities.current;
    if (!caps) return;
    const controller = new AbortController();
    setStatus((current) => (current.kind === "ready" ? current : { kind: "loading" }));
    source.plan(choice, caps, controller.signal).then(
      (answer) => {
        if (answer.ok) {
          setStatus({ kind: "ready", plan: localPlan(answer.data) });
          return;
        }
        if (answer.error.error === "file_not_playable" && propsRef.current.onUnplayable) {
          propsRef.current.onUnplayable();
          return;
        }
        const fallback = propsRef.current.fallbackUrl;
        if (answer.error.error === "route_not_found" && fallback) {
          setStatus({ kind: "ready", plan: fallbackPlan(fallback, kind) });
          return;
        }
        const busy = answer.error.status === 429 || answer.error.status === 503;
        setStatus({
          kind: "failed",
          message: errorText(answer.error, t),
          retry: busy || answer.error.status === 0,
        });
      },
      () => {}, // aborted: a newer choice asked
    );
    return () => controller.abort();
  }, [source, choice, attempt]);

  // A new plan: the stream into the element, at the saved position the first time, else where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one attachment per plan
  useEffect(() => {
    const element = media.current;
    if (!plan || !element) return;
    if (plan.mode !== "direct" && capabilities.current?.hls === "none") {
      if (propsRef.current.onUnplayable) propsRef.current.onUnplayable();
      else setStatus({ kind: "failed", message: t("player.failed"), retry: false });
      return;
    }
    if (startAt.current === undefined) {
      // The first plan: the saved position and the remembered subtitle.
      const at = resumeAt(plan.position?.position_ms, plan.duration_ms);
      startAt.current = at;
      if (at > 0) setResumed(at);
      setSubtitle(plan.subtitle);
    } else {
      // Asked again: a burned-in choice is the subtitle now; a text one stays if the new plan has it.
      const burned = choiceRef.current.burn_subtitle;
      setSubtitle((current) =>
        burned
          ? burned
          : plan.subtitles.some((entry) => entry.id === current && !entry.burn_in)
            ? current
            : "",
      );
    }
    let engine: Engine | undefined;
    let live = true;
    void attachStream(
      element,
      plan,
      capabilities.current?.hls ?? "none",
      startAt.current,
      ({ description }) => {
        if (!live) return;
        setStatus({ kind: "failed", message: description ?? t("player.failed.stream"), retry: true });
      },
    ).then((attached) => {
      if (!live) return attached.destroy();
      engine = attached;
      element.playbackRate = state.rate;
      element.play().catch(() => {}); // autoplay refused: the play button waits
    });
    return () => {
      live = false;
      engine?.destroy();
    };
  }, [plan]);

  // The element's state, for the controls.
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const update = () => {
      if (element.readyState > 0) {
        const duration = Number.isFinite(element.duration) ? element.duration : 0;
        lastKnown.current = { time: element.currentTime, duration };
      }
      setState((previous) => ({
        ...previous,
        paused: element.paused,
        current: element.currentTime,
        duration:
          Number.isFinite(element.duration) && element.duration > 0 ? element.duration : previous.duration,
        buffered: endOfBuffer(element),
        volume: element.volume,
        muted: element.muted,
        rate: element.playbackRate,
        pip: typeof document !== "undefined" && document.pictureInPictureElement === element,
      }));
    };
    const waiting = (value: boolean) => () => setState((previous) => ({ ...previous, waiting: value }));
    const onWaiting = waiting(true);
    const onPlaying = waiting(false);
    const events = [
      "play",
      "pause",
      "timeupdate",
      "durationchange",
      "progress",
      "volumechange",
      "ratechange",
      "enterpictureinpicture",
      "leavepictureinpicture",
      "seeked",
    ];
    for (const event of events) element.addEventListener(event, update);
    element.addEventListener("waiting", onWaiting);
    element.addEventListener("playing", onPlaying);
    element.addEventListener("canplay", onPlaying);
    const fullscreen = () =>
      setState((previous) => ({ ...previous, fullscreen: document.fullscreenElement === root.current }));
    document.addEventListener("fullscreenchange", fullscreen);
    return () => {
      for (const event of events) element.removeEventListener(event, update);
      element.removeEventListener("waiting", onWaiting);
      element.removeEventListener("playing", onPlaying);
      element.removeEventListener("canplay", onPlaying);
      document.removeEventListener("fullscreenchange", fullscreen);
    };
  }, []);

  // The plan's duration until the element knows its own.
  useEffect(() => {
    if (plan?.duration_ms)
      setState((previous) =>
        previous.duration ? previous : { ...previous, duration: plan.duration_ms / 1000 },
      );
  }, [plan]);

  // Subtitles: the chosen <track> showing, the others off (the tracks are the plan's).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new plan renders new tracks
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const tracks = element.textTracks;
    for (let i = 0; i < tracks.length; i++) {
      const track = tracks[i];
      if (track) track.mode = track.id === subtitle ? "showing" : "disabled";
    }
    if (subtitle) lastSubtitle.current = subtitle;
  }, [subtitle, plan]);

  // Where the user is, kept every few seconds while playing, on pause, and on leaving.
  // From the last time the element had its stream: on close the stream is detached (time 0)
  // before this runs, and while a new plan attaches the element has no time of its own.
  const save = useCallback(
    (leaving: boolean) => {
      const current = status.kind === "ready" ? status.plan : undefined;
      const keep = propsRef.current.source.save;
      const { time, duration } = lastKnown.current;
      if (!current || !keep || !started.current) return;
      keep(
        {
          position_ms: Math.round(time * 1000),
          duration_ms: Math.max(0, Math.round(duration > 0 ? duration * 1000 : current.duration_ms)),
          audio_track: current.audio_track,
          subtitle: subtitleRef.current,
        },
        leaving,
      );
    },
    [status],
  );
  const subtitleRef = useRef(subtitle);
  subtitleRef.current = subtitle;
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const onPlay = () => {
      started.current = true;
    };
    const onPause = () => {
      if (!element.ended) saveRef.current(false);
    };
    const onEnded = () => {
      saveRef.current(false);
      const { next, autoAdvance } = propsRef.current;
      if (autoAdvance && next) next.play();
    };
    const onLeave = () => saveRef.current(true);
    element.addEventListener("playing", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onEnded);
    window.addEventListener("pagehide", onLeave);
    return () => {
      element.removeEventListener("playing", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onEnded);
      window.removeEventListener("pagehide", onLeave);
      saveRef.current(true);
    };
  }, []);
  useEffect(() => {
    if (state.paused) return;
    const timer = setInterval(() => saveRef.current(false), SAVE_EVERY_MS);
    return () => clearInterval(timer);
  }, [state.paused]);

  // The controls fade while the picture plays and nothing moves (each wake starts the wait again).
  // biome-ignore lint/correctness/useExhaustiveDependencies: idle restarts the timer
  useEffect(() => {
    if (state.paused || settingsOpen || kind === "audio") {
      setIdle(false);
      return;
    }
    const timer = setTimeout(() => setIdle(true), IDLE_MS);
    return () => clearTimeout(timer);
  }, [state.paused, settingsOpen, kind, idle]);
  const wake = () => {
    if (idle) setIdle(false);
  };

  useEffect(() => {
    if (!resumed) return;
    const timer = setTimeout(() => setResumed(0), RESUME_NOTE_MS);
    return () => clearTimeout(timer);
  }, [resumed]);

  /** Asks the plan again for another choice, going on from the same time. */
  const reask = (next: PlanChoice) => {
    const element = media.current;
    startAt.current = element && element.readyState > 0 ? element.currentTime : lastKnown.current.time;
    setChoice((current) => ({ ...current, ...next }));
  };

  const element = () => media.current;
  const actions: ControlActions = {
    togglePlay() {
      const e = element();
      if (!e) return;
      if (e.paused || e.ended) e.play().catch(() => {});
      else e.pause();
    },
    seek(seconds) {
      const e = element();
      if (!e) return;
      const end = Number.isFinite(e.duration) ? e.duration : Number.POSITIVE_INFINITY;
      e.currentTime = Math.max(0, Math.min(seconds, end));
    },
    setVolume(volume) {
      const e = element();
      if (!e) return;
      e.volume = Math.max(0, Math.min(1, volume));
      e.muted = e.volume === 0;
    },
    toggleMute() {
      const e = element();
      if (!e) return;
      if (e.muted && e.volume === 0) e.volume = 0.5;
      e.muted = !e.muted;
    },
    toggleSubtitles() {
      setSubtitle((current) => {
        if (current) return "";
        const textOnes = (status.kind === "ready" ? status.plan.subtitles : []).filter(
          (entry) => !entry.burn_in,
        );
        const last = textOnes.find((entry) => entry.id === lastSubtitle.current);
        return (last ?? textOnes[0])?.id ?? "";
      });
    },
    toggleFullscreen() {
      const box = root.current;
      if (!box) return;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      else if (box.requestFullscreen) void box.requestFullscreen().catch(() => {});
      else (element() as unknown as { webkitEnterFullscreen?: () => void })?.webkitEnterFullscreen?.();
    },
    togglePip() {
      const e = element();
      if (!e) return;
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
      else void e.requestPictureInPicture?.().catch(() => {});
    },
    setRate(rate) {
      const e = element();
      if (e) e.playbackRate = rate;
    },
    chooseRendition(id) {
      reask({ rendition: id });
    },
    chooseAudio(index) {
      reask({ audio_track: index });
    },
    chooseSubtitle(id) {
      const current = status.kind === "ready" ? status.plan : undefined;
      const entry = current?.subtitles.find((item) => item.id === id);
      if (entry?.burn_in) {
        reask({ burn_subtitle: id });
        return;
      }
      if (choice.burn_subtitle) reask({ burn_subtitle: undefined });
      setSubtitle(id);
    },
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const target = focusTarget(event.target);
    if (target === "field") return;
    const action = keyAction({
      key: event.key,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      altKey: event.altKey,
      target,
    });
    const element = media.current;
    if (!action || !element || !plan) return;
    event.preventDefault();
    event.stopPropagation();
    wake();
    switch (action.kind) {
      case "toggle-play":
        return actions.togglePlay();
      case "seek-by":
        return actions.seek(element.currentTime + action.seconds);
      case "seek-to-percent":
        return actions.seek(((state.duration || 0) * action.percent) / 100);
      case "volume-by":
        element.muted = false;
        return actions.setVolume(element.volume + action.step);
      case "toggle-mute":
        return actions.toggleMute();
      case "toggle-fullscreen":
        return kind === "video" ? actions.toggleFullscreen() : undefined;
      case "toggle-subtitles":
        return actions.toggleSubtitles();
    }
  };

  useEffect(() => {
    root.current?.focus({ preventScroll: true });
  }, []);

  const converted = plan && plan.mode !== "direct";
  const fallback = plan && plan.file_id === "";
  const pipAvailable = typeof document !== "undefined" && document.pictureInPictureEnabled === true;
  const MediaTag = kind === "video" ? "video" : "audio";
  return (
    <section
      ref={root}
      className={`player player-${kind}${idle ? " player-idle" : ""}`}
      aria-label={t("player.label", { name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the player takes its keyboard shortcuts where it has focus
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
      onPointerDown={wake}
      data-mode={plan?.mode}
    >
      {kind === "audio" && props.poster && <img className="player-cover" src={props.poster} alt="" />}
      <MediaTag
        ref={media}
        className="player-media"
        poster={kind === "video" ? props.poster : undefined}
        playsInline
        preload="metadata"
        onClick={kind === "video" ? actions.togglePlay : undefined}
        onDoubleClick={kind === "video" ? actions.toggleFullscreen : undefined}
        onError={() => {
          if (plan?.mode !== "direct") return; // hls.js reports its own failures
          if (props.onUnplayable) props.onUnplayable();
          else setStatus({ kind: "failed", message: t("player.failed"), retry: false });
        }}
      >
        {plan?.subtitles
          .filter((entry) => !entry.burn_in && entry.url)
          .map((entry) => (
            <track
              key={entry.id}
              id={entry.id}
              kind="subtitles"
              src={entry.url}
              srcLang={trackLanguage(entry.language) || undefined}
              label={entry.title || entry.language || entry.id}
            />
          ))}
      </MediaTag>
      {(status.kind === "loading" || state.waiting) && (
        <p className="player-status" role="status">
          <Spinner />{" "}
          {status.kind === "loading" ? (
            t("player.loading")
          ) : (
            <span className="visually-hidden">{t("player.loading")}</span>
          )}
        </p>
      )}
      {status.kind === "failed" && (
        <div className="player-failed" role="alert">
          <Icon d={icons.converted} size={32} />
          <p>{status.message}</p>
          <div className="player-failed-actions">
            {status.retry && (
              <button type="button" className="button primary" onClick={() => setAttempt((n) => n + 1)}>
                {t("player.retry")}
              </button>
            )}
            {props.download}
          </div>
        </div>
      )}
      {fallback && props.fallbackNotice && (
        <p className="player-notice" role="note">
          {props.fallbackNotice}
        </p>
      )}
      {kind === "audio" && !props.poster && (
        <p className="player-title">
          <bdi>{name}</bdi>
        </p>
      )}
      {converted && (
        <p className="player-chip" title={t("player.converted.detail")}>
          <Icon d={icons.converted} size={14} />
          {t("player.converted")}
        </p>
      )}
      {resumed > 0 && (
        <div className="player-resumed" role="status">
          <span>{t("player.resumed", { time: formatTime(resumed) })}</span>
          <button
            type="button"
            className="player-link"
            onClick={() => {
              actions.seek(0);
              setResumed(0);
            }}
          >
            {t("player.startOver")}
          </button>
        </div>
      )}
      {plan && settingsOpen && status.kind === "ready" && (
        <SettingsPanel
          plan={plan}
          subtitle={subtitle}
          rate={state.rate}
          actions={actions}
          onClose={() => setSettingsOpen(false)}
        />
      )}
      {plan && status.kind === "ready" && (
        <ControlBar
          plan={plan}
          state={state}
          kind={kind}
          subtitle={subtitle}
          actions={actions}
          next={props.next}
          previous={props.previous}
          settingsOpen={settingsOpen}
          onSettings={() => setSettingsOpen((open) => !open)}
          pipAvailable={pipAvailable}
        />
      )}
    </section>
  );
}
