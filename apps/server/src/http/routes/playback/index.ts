import type { Services } from "../../../services.js";
import type { NimbusApp } from "../../types.js";
import { hlsStream } from "./hls.js";
import { playbackPlan } from "./plan.js";
import { savePlaybackPosition } from "./playback-positions.js";
import { sharePlaybackPlan } from "./share-plan.js";
import { listSubtitles } from "./subtitles.js";
import { subtitleWebVtt } from "./subtitles-webvtt.js";

type Route = (app: NimbusApp, services: Services) => void;

/** Playback's routes by auth scope (registered by `routes/index.ts`). */
export const playbackRoutes: { public: Route[]; "optional-user": Route[]; "signed-in": Route[] } = {
  /** The signed link is the credential. */
  public: [hlsStream, subtitleWebVtt],
  "optional-user": [sharePlaybackPlan],
  "signed-in": [playbackPlan, savePlaybackPosition, listSubtitles],
};
