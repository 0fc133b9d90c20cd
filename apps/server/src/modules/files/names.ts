import { MAX_FILE_NAME_BYTES, NimbusError } from "@nimbus/protocol";

// Control characters (C0, DEL, C1) and the path separators are never part of a name.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f/\\]/;
/**
 * Bidi controls (embeddings, overrides, isolates, marks) and zero-width
 * characters: they make a name display as another (`invoice\u202Efdp.exe` shows
 * as `invoiceexe.pdf`) or two names look alike. Never part of a name.
 */
const DECEPTIVE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\u2060\ufeff]/;

/**
 * Checks a file or folder name and returns it in Unicode NFC, so the same name
 * typed on different systems is the same name. Throws `file_name_invalid`.
 */
export function validateName(raw: string): string {
  const name = raw.normalize("NFC");
  const reason =
    name.trim().length === 0
      ? "empty"
      : name === "." || name === ".."
        ? "reserved"
        : FORBIDDEN.test(name)
          ? "forbidden character"
          : DECEPTIVE.test(name)
            ? "invisible or direction control character"
            : Buffer.byteLength(name, "utf8") > MAX_FILE_NAME_BYTES
              ? "too long"
              : name !== name.trim()
                ? "leading or trailing space"
                : undefined;
  if (reason) throw new NimbusError("file_name_invalid", `invalid name: ${reason}`, { metadata: { reason } });
  return name;
}

/** A name from elsewhere (an archive) without the characters `validateName` refuses as deceptive. */
export function withoutDeceptiveCharacters(name: string): string {
  return name.replace(new RegExp(DECEPTIVE.source, "g"), "");
}

/** `report.pdf`, 2 → `report (2).pdf`; folders and dot-files keep the whole name as base. */
export function numberedName(name: string, n: number, isFolder: boolean): string {
  const [base, ext] = splitName(name, isFolder);
  return `${base} (${n})${ext}`;
}

export function splitName(name: string, isFolder: boolean): [base: string, ext: string] {
  const dot = isFolder ? -1 : name.lastIndexOf(".");
  return dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot) : "";
}
