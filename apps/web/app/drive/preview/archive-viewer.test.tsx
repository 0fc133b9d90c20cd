import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArchiveFailure } from "./archive-viewer.js";

const t = (key: string) => (key === "preview.download" ? "Download" : key);
const file = { name: "old.rar", web_content_link: "http://nimbus.test/drive/v1/content/f1?sig=x" };

describe("ArchiveFailure", () => {
  it("says plainly that this kind is not set up here, and offers the download", () => {
    const failure = {
      error: "preview_not_set_up",
      error_description: "Previews of this kind are not set up on this server",
      status: 501,
    };
    const html = renderToStaticMarkup(<ArchiveFailure failure={failure} file={file} t={t} />);
    expect(html).toContain("Previews of this kind are not set up on this server");
    expect(html).toContain('href="/drive/v1/content/f1?sig=x"');
    expect(html).toContain('download="old.rar"');
  });

  it("offers no download for a damaged archive", () => {
    const failure = { error: "archive_damaged", error_description: "The archive is damaged", status: 400 };
    const html = renderToStaticMarkup(<ArchiveFailure failure={failure} file={file} t={t} />);
    expect(html).toContain("The archive is damaged");
    expect(html).not.toContain("download=");
  });
});
