import type { PdfRenderer } from "../../lib/media-tools.js";
import { runTool } from "../../lib/run-tool.js";

/**
 * Renders page 1 of the PDF named by argv to a PNG on stdout, at most `box` pixels on its
 * longer side, with pdf.js on a Skia canvas. It runs as a child Node process (through
 * `runTool`, like every other preview program), so a hostile or huge document costs that
 * process its time and memory, never the server's event loop, and a timeout kills it.
 * pdf.js's console messages go to stderr: stdout carries the image only.
 */
const RENDER_SCRIPT = `
const [dir, canvasUrl, file, box] = process.argv.slice(1);
const say = (...parts) => process.stderr.write(parts.join(" ") + "\\n");
console.log = console.info = console.warn = console.debug = say;
const { readFile } = await import("node:fs/promises");
const { pathToFileURL } = await import("node:url");
const pdfjs = await import(pathToFileURL(dir + "legacy/build/pdf.mjs").href);
const { createCanvas } = await import(canvasUrl);
const data = new Uint8Array(await readFile(file));
const doc = await pdfjs.getDocument({
  data,
  isEvalSupported: false,
  standardFontDataUrl: dir + "standard_fonts/",
  cMapUrl: dir + "cmaps/",
  cMapPacked: true,
  wasmUrl: dir + "wasm/",
  verbosity: 0,
}).promise;
const page = await doc.getPage(1);
const base = page.getViewport({ scale: 1 });
const viewport = page.getViewport({ scale: Number(box) / Math.max(base.width, base.height) });
const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
const context = canvas.getContext("2d");
context.fillStyle = "#ffffff";
context.fillRect(0, 0, canvas.width, canvas.height);
await page.render({ canvasContext: context, canvas, viewport }).promise;
process.stdout.write(await canvas.encode("png"));
await doc.destroy();
`;

/**
 * The first page of a PDF as PNG, at most `box` pixels on its longer side: Poppler's
 * `pdftoppm` when the system has it, else pdf.js. Undefined when the document cannot be
 * rendered (damaged, or locked by a password).
 */
export async function renderPdfPage(
  renderer: PdfRenderer,
  file: string,
  box: number,
  signal?: AbortSignal,
): Promise<Buffer | undefined> {
  const [command, args] =
    renderer.kind === "pdftoppm"
      ? [renderer.command, ["-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", String(box), file]]
      : [
          renderer.node,
          [
            "--max-old-space-size=512",
            "--input-type=module",
            "--eval",
            RENDER_SCRIPT,
            "--",
            renderer.pdfjsDir,
            renderer.canvas,
            file,
            String(box),
          ],
        ];
  const result = await runTool(command, args, { timeoutMs: 60_000, signal });
  return result.code === 0 && result.stdout.length > 0 ? result.stdout : undefined;
}
