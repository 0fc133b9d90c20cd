import { open } from "node:fs/promises";

export type ArchiveFormat = "zip" | "7z" | "rar";

const BY_EXTENSION: Record<string, ArchiveFormat> = { ".zip": "zip", ".7z": "7z", ".rar": "rar" };
const BY_MIME: Record<string, ArchiveFormat> = {
  "application/zip": "zip",
  "application/x-zip-compressed": "zip",
  "application/x-7z-compressed": "7z",
  "application/vnd.rar": "rar",
  "application/x-rar-compressed": "rar",
};

/**
 * Spec §5: 7z, zip and rar extensions or MIME types are archives; epub (a zip
 * inside) is not. The name or type only claims a format.
 */
export function claimedFormat(name: string, mimeType: string): ArchiveFormat | undefined {
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : "";
  if (ext === ".epub" || mimeType === "application/epub+zip") return undefined;
  return BY_EXTENSION[ext] ?? BY_MIME[mimeType];
}

/** The format the first bytes prove, if any. */
export function sniffFormat(head: Buffer): ArchiveFormat | undefined {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5))
    return "zip";
  if (head.subarray(0, 6).equals(Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]))) return "7z";
  if (head.subarray(0, 6).equals(Buffer.from("Rar!\x1a\x07", "latin1"))) return "rar";
  return undefined;
}

export async function sniffFile(file: string): Promise<ArchiveFormat | undefined> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(8);
    const { bytesRead } = await handle.read(head, 0, 8, 0);
    return sniffFormat(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
