import { describe, expect, it } from "vitest";
import { languageInName, matchSidecar, normalizeLanguage, subtitleFormatOf } from "./sidecar.js";

describe("sidecar subtitle names", () => {
  it("normalizes ISO 639-1, 639-2/T and region tags to 639-2/B", () => {
    expect(normalizeLanguage("en")).toBe("eng");
    expect(normalizeLanguage("EN")).toBe("eng");
    expect(normalizeLanguage("fra")).toBe("fre");
    expect(normalizeLanguage("fre")).toBe("fre");
    expect(normalizeLanguage("deu")).toBe("ger");
    expect(normalizeLanguage("pt-BR")).toBe("por");
    expect(normalizeLanguage("zh_TW")).toBe("chi");
    expect(normalizeLanguage("chs")).toBe("chi");
    expect(normalizeLanguage("und")).toBe("");
    expect(normalizeLanguage("xx")).toBe("");
    expect(normalizeLanguage("")).toBe("");
  });

  it("matches subtitle files named for the video, case aside, and reads their tags", () => {
    expect(matchSidecar("Movie.2020.mkv", "Movie.2020.srt")).toEqual({
      language: "",
      forced: false,
      isDefault: false,
      title: "",
      format: "subrip",
    });
    expect(matchSidecar("Movie.2020.mkv", "movie.2020.en.srt")).toMatchObject({
      language: "eng",
      format: "subrip",
    });
    expect(matchSidecar("Movie.mkv", "Movie.eng.forced.ass")).toMatchObject({
      language: "eng",
      forced: true,
    });
    expect(matchSidecar("Movie.mkv", "Movie.pt-BR.sdh.vtt")).toMatchObject({
      language: "por",
      title: "SDH",
      format: "webvtt",
    });
    expect(matchSidecar("Movie.mkv", "Movie.ja.default.SSA")).toMatchObject({
      language: "jpn",
      isDefault: true,
      format: "ssa",
    });
    expect(matchSidecar("Movie.mkv", "Movie.Commentary.en.srt")).toMatchObject({
      language: "eng",
      title: "Commentary",
    });
  });

  it("leaves other files alone", () => {
    expect(matchSidecar("Movie.mkv", "Movie2.srt")).toBeUndefined();
    expect(matchSidecar("Movie.mkv", "Movie.nfo")).toBeUndefined();
    expect(matchSidecar("Movie.mkv", "Other.Movie.srt")).toBeUndefined();
    expect(matchSidecar("Movie.mkv", "Movie.mkv")).toBeUndefined();
    expect(subtitleFormatOf("notes.txt")).toBeUndefined();
    expect(subtitleFormatOf(".srt")).toBeUndefined();
  });

  it("reads a language at the end of any subtitle file's name, never its first word", () => {
    expect(languageInName("Other.Film.en.forced.srt")).toBe("eng");
    expect(languageInName("Some.Film.de.vtt")).toBe("ger");
    expect(languageInName("It.srt")).toBe("");
    expect(languageInName("Film.2020.srt")).toBe("");
  });
});
