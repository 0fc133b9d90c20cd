// @vitest-environment happy-dom
import type { PlaybackPlan } from "@nimbus/protocol";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ApiResult } from "../../api/client.js";
import { renderPage, text } from "../../testing/dom.js";
import { Player } from "./player.js";
import { fallbackPlan } from "./player-state.js";
import type { PlaybackSource } from "./sources.js";

const PLAN: PlaybackPlan = {
  ...fallbackPlan("/drive/v1/download/f1?sig=x&disposition=inline", "video"),
  file_id: "f1",
  duration_ms: 90_000,
  subtitles: [
    {
      id: "s2",
      source: "embedded",
      language: "eng",
      title: "",
      format: "subrip",
      burn_in: false,
      url: "/drive/v1/subtitles/s2.vtt",
      is_default: false,
    },
  ],
};

function source(answers: ApiResult<PlaybackPlan>[]): PlaybackSource & { plan: ReturnType<typeof vi.fn> } {
  const plan = vi.fn(async () => answers.shift() ?? { ok: true as const, data: PLAN });
  return { plan } as PlaybackSource & { plan: ReturnType<typeof vi.fn> };
}

describe("Player in a DOM", () => {
  it("is a labelled, focused region whose controls and keys keep their names and states", async () => {
    const user = userEvent.setup();
    await renderPage(<Player name="Film.mkv" kind="video" source={source([])} />);
    const region = screen.getByRole("region", { name: text("player.label", { name: "Film.mkv" }) });
    expect(document.activeElement).toBe(region);
    const play = await screen.findByRole("button", {
      name: new RegExp(`^(${text("player.play")}|${text("player.pause")})$`),
    });
    expect(play.getAttribute("aria-keyshortcuts")).toBe("k Space");
    expect(screen.getByRole("slider", { name: text("player.seek") }).getAttribute("aria-valuetext")).toBe(
      text("player.time", { current: "0:00", total: "1:30" }),
    );
    expect(screen.getByRole("button", { name: text("player.mute") }).getAttribute("aria-keyshortcuts")).toBe(
      "m",
    );
    const subtitles = screen.getByRole("button", { name: text("player.subtitles.toggle") });
    expect(subtitles.getAttribute("aria-pressed")).toBe("false");

    // `c` where the player has focus turns the text subtitle on.
    await user.keyboard("c");
    expect(subtitles.getAttribute("aria-pressed")).toBe("true");

    // Settings: a dialog of labelled selects, the first focused; Escape closes it.
    const settings = screen.getByRole("button", { name: text("player.settings") });
    await user.click(settings);
    expect(settings.getAttribute("aria-expanded")).toBe("true");
    screen.getByRole("dialog", { name: text("player.settings") });
    const select = screen.getByRole("combobox", { name: text("player.subtitles") });
    expect((select as HTMLSelectElement).value).toBe("s2");
    expect(document.activeElement).toBe(select);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says the server's limit with Try again, which asks the plan again", async () => {
    const user = userEvent.setup();
    const busy = {
      ok: false as const,
      error: { error: "playback_user_limit", status: 429, error_description: "Already playing" },
    };
    const plans = source([busy]);
    await renderPage(<Player name="Film.mkv" kind="video" source={plans} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Already playing");
    await act(() => user.click(screen.getByRole("button", { name: text("player.retry") })));
    await waitFor(() => expect(plans.plan).toHaveBeenCalledTimes(2));
    await screen.findByRole("slider", { name: text("player.seek") });
  });
});
