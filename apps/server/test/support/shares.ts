import type { CreateShareRequest, ShareFilesResponse } from "@nimbus/protocol";
import { expect } from "vitest";
import type { TestApp } from "./test-app.js";
import type { TestUser } from "./users.js";

/** Share calls through the API; `user` undefined is an anonymous visitor. */
export function shareClient(t: TestApp, user?: TestUser, ip = "198.51.100.7") {
  const headers = user ? user.auth : {};
  const call = async (method: "GET" | "POST", url: string, payload?: unknown) => {
    const response = await t.app.inject({
      method,
      url,
      headers,
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const ok = async (method: "GET" | "POST", url: string, payload?: unknown) => {
    const result = await call(method, url, payload);
    expect(result.status, `${method} ${url}: ${JSON.stringify(result.body)}`).toBe(200);
    return result.body;
  };
  return {
    call,
    ok,
    create(
      request: CreateShareRequest,
    ): Promise<{ share_id: string; share_url: string; pass_code: string; share_text: string }> {
      return ok("POST", "/drive/v1/share", request);
    },
    open(query: Record<string, string | number>): Promise<ShareFilesResponse> {
      return ok("GET", `/drive/v1/share?${new URLSearchParams(stringify(query))}`);
    },
    detail(query: Record<string, string | number>): Promise<ShareFilesResponse> {
      return ok("GET", `/drive/v1/share/detail?${new URLSearchParams(stringify(query))}`);
    },
    restore(body: { share_id: string; pass_code_token?: string; file_ids?: string[]; parent_id?: string }) {
      return call("POST", "/drive/v1/share/restore", body);
    },
  };
}

export type ShareClient = ReturnType<typeof shareClient>;

function stringify(query: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
}

/** Polls a task until it leaves PENDING/RUNNING (the queue runs jobs in the background). */
export async function waitForTask(t: TestApp, user: TestUser, taskId: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const response = await t.app.inject({
      method: "GET",
      url: `/drive/v1/tasks/${taskId}`,
      headers: user.auth,
    });
    const task = response.json();
    if (task.phase === "PHASE_TYPE_COMPLETE" || task.phase === "PHASE_TYPE_ERROR") return task;
    if (Date.now() - started > timeoutMs) throw new Error(`task ${taskId} still ${task.phase}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
