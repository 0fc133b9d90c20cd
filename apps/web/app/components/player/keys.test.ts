import { describe, expect, it } from "vitest";
import { keyAction } from "./keys.js";

describe("keyAction", () => {
  it("maps the player's keys", () => {
    expect(keyAction({ key: " " })).toEqual({ kind: "toggle-play" });
    expect(keyAction({ key: "k" })).toEqual({ kind: "toggle-play" });
    expect(keyAction({ key: "ArrowLeft" })).toEqual({ kind: "seek-by", seconds: -5 });
    expect(keyAction({ key: "ArrowRight" })).toEqual({ kind: "seek-by", seconds: 5 });
    expect(keyAction({ key: "j" })).toEqual({ kind: "seek-by", seconds: -10 });
    expect(keyAction({ key: "l" })).toEqual({ kind: "seek-by", seconds: 10 });
    expect(keyAction({ key: "ArrowUp" })).toEqual({ kind: "volume-by", step: 0.1 });
    expect(keyAction({ key: "ArrowDown" })).toEqual({ kind: "volume-by", step: -0.1 });
    expect(keyAction({ key: "f" })).toEqual({ kind: "toggle-fullscreen" });
    expect(keyAction({ key: "M" })).toEqual({ kind: "toggle-mute" });
    expect(keyAction({ key: "c" })).toEqual({ kind: "toggle-subtitles" });
    expect(keyAction({ key: "8" })).toEqual({ kind: "seek-to-percent", percent: 80 });
  });

  it("leaves a focused button's space and a slider's arrows to the control", () => {
    expect(keyAction({ key: " ", target: "button" })).toBeUndefined();
    expect(keyAction({ key: "Enter", target: "button" })).toBeUndefined();
    expect(keyAction({ key: "ArrowLeft", target: "slider" })).toBeUndefined();
    expect(keyAction({ key: "f", target: "button" })).toEqual({ kind: "toggle-fullscreen" });
  });

  it("leaves shortcuts with modifiers and unknown keys to the browser", () => {
    expect(keyAction({ key: "f", ctrlKey: true })).toBeUndefined();
    expect(keyAction({ key: "l", metaKey: true })).toBeUndefined();
    expect(keyAction({ key: "x" })).toBeUndefined();
    expect(keyAction({ key: "Escape" })).toBeUndefined();
  });
});
