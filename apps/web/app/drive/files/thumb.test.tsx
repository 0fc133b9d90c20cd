import type { DriveFile } from "@nimbus/protocol";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Thumb } from "./item-parts.js";

// Issue 33, item 5: list rows showed a white square for text files and nothing at all
// while a thumbnail was loading.
const item = (name: string, mime_type: string, thumbnail_link = "/thumb/x.webp") =>
  ({ id: "f1", kind: "drive#file", name, mime_type, thumbnail_link }) as DriveFile;

describe("Thumb", () => {
  it("keeps a text file's icon in a list row, without its white-page thumbnail", () => {
    for (const file of [item("notes.txt", "text/plain"), item("data.json", "application/json")]) {
      const html = renderToStaticMarkup(<Thumb file={file} size={22} row />);
      expect(html).toContain("file-icon tone-document");
      expect(html).not.toContain("<img");
    }
  });

  it("draws a row's thumbnail over the type icon, so the row is not blank while it loads", () => {
    const html = renderToStaticMarkup(<Thumb file={item("cat.jpg", "image/jpeg")} size={22} row />);
    expect(html).toMatch(
      /<span class="thumb-frame"><span class="file-icon tone-image">.*<\/span><img class="file-thumb"/,
    );
  });

  it("keeps text thumbnails on cards, over the icon", () => {
    const html = renderToStaticMarkup(<Thumb file={item("notes.txt", "text/plain")} size={44} />);
    expect(html).toContain("file-icon");
    expect(html).toContain('<img class="file-thumb"');
  });

  it("shows the icon alone without a thumbnail", () => {
    const html = renderToStaticMarkup(
      <Thumb file={item("a.bin", "application/octet-stream", "")} size={22} row />,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("file-icon");
  });
});
