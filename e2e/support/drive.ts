import type { APIRequestContext, Page } from "@playwright/test";
import { WEB_CLIENT_HEADERS } from "./session.js";

export interface SeededFile {
  id: string;
  name: string;
  parent_id: string;
}

async function api<T>(
  request: APIRequestContext,
  method: "POST" | "PUT",
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: WEB_CLIENT_HEADERS,
    data: data as never,
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A folder made through the API with the browser's session cookie. */
export async function createFolder(page: Page, name: string, parentId = ""): Promise<SeededFile> {
  const { file } = await api<{ file: SeededFile }>(page.request, "POST", "/drive/v1/files", {
    kind: "drive#folder",
    name,
    parent_id: parentId,
  });
  return file;
}

/** A file uploaded with the form upload (create, then PUT the bytes). */
export async function uploadFile(
  page: Page,
  name: string,
  bytes: Buffer,
  parentId = "",
): Promise<SeededFile> {
  const created = await api<{ file: SeededFile; form: { url: string; headers: Record<string, string> } }>(
    page.request,
    "POST",
    "/drive/v1/files",
    { kind: "drive#file", name, size: String(bytes.length), parent_id: parentId },
  );
  const url = new URL(created.form.url);
  const response = await page.request.fetch(url.pathname + url.search, {
    method: "PUT",
    headers: { ...WEB_CLIENT_HEADERS, ...created.form.headers, "content-type": "application/octet-stream" },
    data: bytes,
  });
  if (!response.ok()) throw new Error(`upload ${name}: ${response.status()} ${await response.text()}`);
  return created.file;
}

/** Skips the first-visit guide, which would cover the page. */
export async function skipGuide(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem("pp_new_user", "init"));
}
