import { expect } from "vitest";
import type { NimbusApp } from "../../src/http/types.js";
import type { TestUser } from "./users.js";

/** Helpers of the download, preview and archive suites. */

/** Path and query of an absolute link, as `inject` wants it. */
export function pathOf(url: string): string {
  const link = new URL(url);
  return link.pathname + link.search;
}

export async function createFolder(app: NimbusApp, user: TestUser, name: string, parentId = "") {
  const response = await app.inject({
    method: "POST",
    url: "/drive/v1/files",
    headers: user.auth,
    payload: { kind: "drive#folder", name, parent_id: parentId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().file as { id: string; name: string };
}

/** Uploads `bytes` as `name` through a form upload; resolves to the completed drive#file. */
export async function uploadFile(app: NimbusApp, user: TestUser, name: string, bytes: Buffer, parentId = "") {
  const created = await app.inject({
    method: "POST",
    url: "/drive/v1/files",
    headers: user.auth,
    payload: {
      kind: "drive#file",
      name,
      parent_id: parentId,
      size: String(bytes.length),
      upload_type: "UPLOAD_TYPE_FORM",
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const put = await app.inject({
    method: "PUT",
    url: new URL(created.json().form.url).pathname,
    headers: { ...user.auth, "content-type": "application/octet-stream" },
    payload: bytes,
  });
  expect(put.statusCode, put.body).toBe(200);
  return put.json() as {
    id: string;
    name: string;
    hash: string;
    web_content_link: string;
    mime_type: string;
  };
}

export async function getFile(app: NimbusApp, user: TestUser, id: string, query = "") {
  const response = await app.inject({ url: `/drive/v1/files/${id}${query}`, headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
