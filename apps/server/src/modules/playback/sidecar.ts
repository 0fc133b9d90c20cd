/**
 * Subtitle files beside a video (decision 0060): `Movie.srt`, `Movie.en.srt`,
 * `Movie.eng.forced.ass`, `Movie.pt-BR.sdh.vtt` are attached to `Movie.mkv` with the
 * language and flags their names carry. Languages are ISO 639-1 or 639-2 in names and
 * ISO 639-2/B (what Matroska tags: "eng", "fre", "chi") everywhere else, so a sidecar's
 * language and an embedded stream's compare equal.
 */

/** Subtitle file extensions and the format (ffprobe's codec name) each holds. */
export const SUBTITLE_FORMATS: Readonly<Record<string, string>> = {
  srt: "subrip",
  ass: "ass",
  ssa: "ssa",
  vtt: "webvtt",
};

/** The subtitle format of a file name (`subrip`, `ass`, `ssa`, `webvtt`), undefined for other files. */
export function subtitleFormatOf(name: string): string | undefined {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return undefined;
  return SUBTITLE_FORMATS[name.slice(dot + 1).toLowerCase()];
}

/** ISO 639-1 → 639-2/B for the languages subtitles come in. */
const ISO_639_1: Readonly<Record<string, string>> = {
  af: "afr",
  am: "amh",
  ar: "ara",
  az: "aze",
  be: "bel",
  bg: "bul",
  bn: "ben",
  bs: "bos",
  ca: "cat",
  cs: "cze",
  cy: "wel",
  da: "dan",
  de: "ger",
  el: "gre",
  en: "eng",
  eo: "epo",
  es: "spa",
  et: "est",
  eu: "baq",
  fa: "per",
  fi: "fin",
  fil: "fil",
  fr: "fre",
  ga: "gle",
  gl: "glg",
  he: "heb",
  hi: "hin",
  hr: "hrv",
  hu: "hun",
  hy: "arm",
  id: "ind",
  is: "ice",
  it: "ita",
  ja: "jpn",
  ka: "geo",
  kk: "kaz",
  km: "khm",
  kn: "kan",
  ko: "kor",
  ku: "kur",
  lo: "lao",
  lt: "lit",
  lv: "lav",
  mk: "mac",
  ml: "mal",
  mn: "mon",
  mr: "mar",
  ms: "may",
  my: "bur",
  nb: "nob",
  ne: "nep",
  nl: "dut",
  nn: "nno",
  no: "nor",
  pa: "pan",
  pl: "pol",
  ps: "pus",
  pt: "por",
  ro: "rum",
  ru: "rus",
  si: "sin",
  sk: "slo",
  sl: "slv",
  so: "som",
  sq: "alb",
  sr: "srp",
  sv: "swe",
  sw: "swa",
  ta: "tam",
  te: "tel",
  th: "tha",
  tl: "tgl",
  tr: "tur",
  uk: "ukr",
  ur: "urd",
  uz: "uzb",
  vi: "vie",
  yi: "yid",
  zh: "chi",
  zu: "zul",
};

/** ISO 639-2/T (and common release-name tags) → 639-2/B where they differ. */
const TO_BIBLIOGRAPHIC: Readonly<Record<string, string>> = {
  sqi: "alb",
  hye: "arm",
  eus: "baq",
  mya: "bur",
  zho: "chi",
  ces: "cze",
  nld: "dut",
  fra: "fre",
  kat: "geo",
  deu: "ger",
  ell: "gre",
  isl: "ice",
  mkd: "mac",
  msa: "may",
  fas: "per",
  ron: "rum",
  slk: "slo",
  cym: "wel",
  chs: "chi",
  cht: "chi",
  jap: "jpn",
};

/** Every 639-2/B code above, so a three-letter tag is known to be a language. */
const KNOWN_639_2 = new Set([...Object.values(ISO_639_1), "und", "mul", "zxx"]);

/**
 * A language tag as ISO 639-2/B: "en" → "eng", "fra" → "fre", "pt-BR" → "por";
 * '' when it is no language this table knows (or "und").
 */
export function normalizeLanguage(tag: string): string {
  const code = (tag.toLowerCase().split(/[-_]/)[0] ?? "").trim();
  const mapped = ISO_639_1[code] ?? TO_BIBLIOGRAPHIC[code] ?? (KNOWN_639_2.has(code) ? code : "");
  return mapped === "und" ? "" : mapped;
}

/** What a sidecar's name says about it. */
export interface SidecarName {
  /** ISO 639-2/B, '' when the name gives none. */
  language: string;
  forced: boolean;
  isDefault: boolean;
  /** The words of the name that are not a language or flag ("sdh", "Director's commentary"), joined. */
  title: string;
  format: string;
}

/** Accessibility flags, kept as the title ("SDH"). */
const FLAGS = new Set(["sdh", "cc", "hi"]);

/**
 * Whether `candidate` is a subtitle file for the video named `videoName` (same name up to the
 * video's extension, case aside, then `.tags.ext`), and what its name says.
 */
export function matchSidecar(videoName: string, candidate: string): SidecarName | undefined {
  const format = subtitleFormatOf(candidate);
  if (!format) return undefined;
  const dot = videoName.lastIndexOf(".");
  const base = (dot > 0 ? videoName.slice(0, dot) : videoName).toLowerCase();
  const lower = candidate.toLowerCase();
  if (!lower.startsWith(`${base}.`)) return undefined;
  const middle = candidate.slice(base.length + 1, candidate.lastIndexOf("."));
  const tags = middle === "" ? [] : middle.split(".");
  let language = "";
  let forced = false;
  let isDefault = false;
  const words: string[] = [];
  for (const tag of tags) {
    const lowerTag = tag.toLowerCase();
    const asLanguage = /^[a-z]{2,3}([-_][a-z0-9]{2,4})?$/i.test(tag) ? normalizeLanguage(tag) : "";
    if (!language && asLanguage) language = asLanguage;
    else if (lowerTag === "forced") forced = true;
    else if (lowerTag === "default") isDefault = true;
    else if (FLAGS.has(lowerTag)) words.push(lowerTag.toUpperCase());
    else if (tag) words.push(tag);
  }
  return { language, forced, isDefault, title: words.join(" "), format };
}

/** The name a video's sidecars start with: the video's name without its extension. */
export function sidecarPrefix(videoName: string): string {
  const dot = videoName.lastIndexOf(".");
  return dot > 0 ? videoName.slice(0, dot) : videoName;
}

/**
 * The language a subtitle file's name ends with, whatever video it is for
 * ("Other.Film.en.forced.srt" → "eng"); '' when none. The first word is never read
 * as one ("It.srt" is not Italian).
 */
export function languageInName(name: string): string {
  const words = name.split(".").slice(1, -1);
  for (const word of words.reverse().slice(0, 3)) {
    if (/^[a-z]{2,3}([-_][a-z0-9]{2,4})?$/i.test(word)) {
      const language = normalizeLanguage(word);
      if (language) return language;
    }
  }
  return "";
}
