import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { onePagePdf } from "../../../test/support/pdf-fixture.js";
import { MediaTools } from "../../lib/media-tools.js";
import { renderPdfPage } from "./pdf-page.js";

const dir = mkdtempSync(path.join(tmpdir(), "nimbus-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("renderPdfPage with pdf.js (no pdftoppm on the PATH)", () => {
  const found = new MediaTools({ bundled: true, searchPath: dir }).pdfRenderer();
  if (!found) throw new Error("pdfjs-dist and @napi-rs/canvas are not installed");
  const renderer = found;

  it("renders the first page to PNG within the box, the page's own shape kept", async () => {
    expect(renderer.kind).toBe("pdfjs");
    const file = path.join(dir, "poster.pdf");
    writeFileSync(file, onePagePdf());
    const png = await renderPdfPage(renderer, file, 480);
    const image = sharp(png);
    expect(await image.metadata()).toMatchObject({ format: "png", width: 320, height: 480 });
    // The red rectangle is drawn; the margin around it is white.
    const { channels } = await image.stats();
    expect(channels[0]?.max).toBeGreaterThan(200);
    expect(channels[1]?.min).toBeLessThan(50);
    expect(channels[1]?.max).toBeGreaterThan(200);
  });

  it("gives nothing for a damaged document", async () => {
    const file = path.join(dir, "damaged.pdf");
    writeFileSync(file, "%PDF-1.4\nnot really\n");
    expect(await renderPdfPage(renderer, file, 480)).toBeUndefined();
  });
});
