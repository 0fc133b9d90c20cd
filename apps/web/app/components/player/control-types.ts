/** What the controls show of the media element. */
export interface MediaState {
  paused: boolean;
  current: number;
  duration: number;
  buffered: number;
  volume: number;
  muted: boolean;
  rate: number;
  fullscreen: boolean;
  pip: boolean;
  waiting: boolean;
}

export interface QueueStep {
  name: string;
  play(): void;
}

export interface ControlActions {
  togglePlay(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleSubtitles(): void;
  toggleFullscreen(): void;
  togglePip(): void;
  setRate(rate: number): void;
  chooseRendition(id: string): void;
  chooseAudio(index: number): void;
  chooseSubtitle(id: string): void;
}
