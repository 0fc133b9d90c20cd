import { type DriveFileList, FILE_KIND, fileListSchema } from "@nimbus/protocol";
import { describe, expect, it } from "vitest";
import { DownloadLinks } from "../links/download-links.js";
import type { BlobPreview } from "../previews/preview-store.js";
import { presentFile } from "./file-presenter.js";
import type { FileRow } from "./files-repository.js";

const now = Date.UTC(2026, 0, 2, 3, 4, 5);
const row = (id: string, over: Partial<FileRow>): FileRow => ({
  id,
  user_id: "U1",
  parent_id: "P1",
  kind: FILE_KIND.file,
  name: `${id}.bin`,
  size: 12,
  blob_gcid: null,
  mime_type: "application/octet-stream",
  phase: "PHASE_TYPE_COMPLETE",
  trashed_at: null,
  starred_at: null,
  created_at: now - 5000,
  modified_at: now - 1000,
  name_folded: `${id.toLowerCase()}.bin`,
  trash_path: null,
  ...over,
});

const rows: FileRow[] = [
  row("F1", { kind: FILE_KIND.folder, name: 'Folder "quoted" ü', size: 0, mime_type: "" }),
  row("F2", { blob_gcid: "A".repeat(40), starred_at: now }),
  row("F3", { blob_gcid: "B".repeat(40), mime_type: "video/mp4", name: "clip 😀.mp4" }),
  row("F4", { blob_gcid: "C".repeat(40), trashed_at: now - 10, trash_path: '["a"]' }),
  row("F5", { blob_gcid: null, phase: "PHASE_TYPE_PENDING" }),
];
const previews = new Map<string, BlobPreview>([
  ["A".repeat(40), { thumbnails: new Set(["SIZE_MEDIUM"]) }],
  [
    "B".repeat(40),
    {
      thumbnails: new Set(["SIZE_MEDIUM", "SIZE_LARGE"]),
      media: {
        gcid: "B".repeat(40),
        state: "ready",
        duration_ms: 61_500,
        width: 1920,
        height: 1080,
        video_codec: "h264",
        audio_codec: "aac",
        bit_rate: 4_000_000,
        frame_rate: "30",
        container: null,
        streams: null,
        updated_at: now,
      },
    },
  ],
]);

describe("presentFile as the list's wire format", () => {
  it("is exactly the contract's encoding: JSON.stringify of a list gives Zod's bytes", () => {
    const options = {
      publicUrl: "https://drive.example",
      links: new DownloadLinks("s".repeat(32)),
      now,
      holder: { userId: "U1", generation: 3 },
      previews,
      trashRetentionMs: 10 * 86_400_000,
      positions: new Map([
        [
          rows[2]?.id ?? "",
          { position_ms: 5_000, duration_ms: 61_500, updated_time: "2026-01-01T00:00:00.000Z" },
        ],
      ]),
    };
    const list: DriveFileList = {
      kind: "drive#fileList",
      files: rows.map((r) => presentFile(r, options)),
      next_page_token: "eyJvIjoibmFtZV9hc2MifQ",
    };
    // What the app's Zod serializer sends (fastify-type-provider-zod: encode, then stringify).
    const zod = JSON.stringify(fileListSchema.encode(list));
    expect(JSON.stringify(list)).toBe(zod);
    // The cases that matter are there: links, a thumbnail, medias, trash times, a playback position.
    const parsed = JSON.parse(zod) as DriveFileList;
    expect(parsed.files.map((f) => f.playback_position?.position_ms ?? null)).toEqual([
      null,
      null,
      5_000,
      null,
      null,
    ]);
    expect(parsed.files.map((f) => [f.thumbnail_link !== "", f.medias.length, "delete_time" in f])).toEqual([
      [false, 0, false],
      [true, 0, false],
      [true, 1, false],
      [false, 0, true],
      [false, 0, false],
    ]);
  });
});
