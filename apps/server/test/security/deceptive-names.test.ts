import { loadErrorMessages } from "@nimbus/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { driveClient } from "../support/drive.js";
import { createTestApp, type TestApp } from "../support/test-app.js";
import { startUpload } from "../support/uploads.js";
import { signUp, type TestUser } from "../support/users.js";

/** Bidi controls and zero-width characters: each can make a name look like another. */
const DECEPTIVE = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
  "\u061c",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\ufeff",
];
const hex = (char: string) => `U+${char.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")}`;

describe("security: names that display as something else are refused", () => {
  let t: TestApp;
  let alice: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await signUp(t.app);
  });
  afterAll(() => t.close());

  const expectRefused = async (response: { statusCode: number; json(): unknown }, what: string) => {
    expect(response.statusCode, what).toBe(400);
    expect(response.json(), what).toMatchObject({
      error: "file_name_invalid",
      error_description: (await loadErrorMessages("es")).file_name_invalid,
    });
  };
  const post = (payload: object) =>
    t.app.inject({
      method: "POST",
      url: "/drive/v1/files",
      headers: { ...alice.auth, "accept-language": "es" },
      payload,
    });

  it("refuses the classic right-to-left override invoice (invoice\u202Efdp.exe)", async () => {
    const response = await post({
      kind: "drive#file",
      name: "invoice\u202efdp.exe",
      parent_id: "",
      size: "10",
      upload_type: "UPLOAD_TYPE_FORM",
    });
    await expectRefused(response, "RLO");
  });

  it.each(DECEPTIVE.map((char) => [hex(char), char]))(
    "refuses %s in file, folder, path and new names",
    async (_, char) => {
      const name = `report${char}.pdf`;
      await expectRefused(
        await post({ kind: "drive#file", name, parent_id: "", size: "1", upload_type: "UPLOAD_TYPE_FORM" }),
        "file",
      );
      await expectRefused(await post({ kind: "drive#folder", name, parent_id: "" }), "folder");
      await expectRefused(
        await post({
          kind: "drive#file",
          name: "a.txt",
          parent_id: "",
          size: "1",
          upload_type: "UPLOAD_TYPE_RESUMABLE",
          relative_path: `photos${char}/a.txt`,
        }),
        "relative path",
      );
      const folder = await driveClient(t, alice).folder(`plain ${hex(char)}`);
      const rename = await t.app.inject({
        method: "PATCH",
        url: `/drive/v1/files/${folder.id}`,
        headers: { ...alice.auth, "accept-language": "es" },
        payload: { name },
      });
      await expectRefused(rename, "rename");
    },
  );

  it("still accepts right-to-left scripts and emoji sequences that need no invisible controls", async () => {
    const drive = driveClient(t, alice);
    expect((await drive.folder("מסמכים")).name).toBe("מסמכים");
    expect((await drive.folder("تقارير ٢٠٢٦")).name).toBe("تقارير ٢٠٢٦");
    const started = await startUpload(t.app, alice, {
      name: "notes 📝.txt",
      size: 1,
      upload_type: "UPLOAD_TYPE_FORM",
    });
    expect(started.statusCode, started.body).toBe(200);
  });
});
