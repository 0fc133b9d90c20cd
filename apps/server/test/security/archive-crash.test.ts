import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { signUpOverHttp } from "../support/mail.js";
import { type ServerProcess, startServer } from "../support/server-process.js";
import { requireTools } from "../support/tools.js";

requireTools("zip", "7zz");

/**
 * A fake `7zz` that, asked to extract, writes part of the output, records its pid
 * and then hangs (as a long extraction would); anything else goes to the real one.
 */
function fakeSevenZip(real: string, pidFile: string): string {
  return `#!/bin/sh
if [ "$1" = "x" ]; then
  for arg; do case "$arg" in -o*) out="\${arg#-o}";; esac; done
  printf partial > "$out/partial.bin"
  echo $$ > "${pidFile}"
  exec sleep 300
fi
exec "${real}" "$@"
`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("a server killed during an extraction", () => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it("leaves no tool running, and on restart fails the task, frees its hold and its temp folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "nimbus-crash-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, "data");
    const bin = path.join(dir, "bin");
    const pidFile = path.join(dir, "tool.pid");
    await mkdir(bin);
    const real = execFileSync("sh", ["-c", "command -v 7zz"]).toString().trim();
    await writeFile(path.join(bin, "7zz"), fakeSevenZip(real, pidFile));
    await chmod(path.join(bin, "7zz"), 0o755);
    const env = { DATA_DIR: dataDir, PATH: `${bin}:${process.env.PATH ?? ""}`, JOB_LEASE_SECONDS: "1" };

    let server: ServerProcess = await startServer(env);
    cleanup.push(() => void server.child.kill("SIGKILL"));
    const { access_token, sub } = await signUpOverHttp(
      server.url,
      dataDir,
      "crash@example.com",
      "password123",
    );
    const auth = { authorization: `Bearer ${access_token}` };

    await writeFile(path.join(dir, "inside.txt"), "x".repeat(100_000));
    execFileSync("zip", ["-q", "a.zip", "inside.txt"], { cwd: dir });
    const bytes = await readFile(path.join(dir, "a.zip"));
    const created = await fetch(`${server.url}/drive/v1/files`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ kind: "drive#file", name: "a.zip", size: String(bytes.length) }),
    });
    const { file } = (await created.json()) as { file: { id: string } };
    const put = await fetch(`${server.url}/drive/v1/upload/form/${file.id}`, {
      method: "PUT",
      headers: auth,
      body: bytes,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const started = await fetch(`${server.url}/decompress/v1/decompress`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ file_id: file.id }),
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const { task } = (await started.json()) as { task: { id: string } };

    const pid = await until("the extraction to start", async () => {
      const text = await readFile(pidFile, "utf8");
      return text.trim() ? Number(text) : undefined;
    });
    cleanup.push(() => {
      if (alive(pid)) process.kill(pid, "SIGKILL");
    });
    server.child.kill("SIGKILL");
    await server.exited;

    await until("the tool to die with the server", async () => (alive(pid) ? undefined : true), 5000);

    server = await startServer(env);
    const failed = await until("the task to fail", async () => {
      const response = await fetch(`${server.url}/drive/v1/tasks/${task.id}`, { headers: auth });
      const body = (await response.json()) as { phase: string; message: string };
      return body.phase === "PHASE_TYPE_ERROR" ? body : undefined;
    });
    expect(failed.message).toBe("task_interrupted");
    const leftovers = (await readdir(path.join(dataDir, "tmp")).catch(() => [])).filter((name) =>
      name.startsWith("extract-"),
    );
    expect(leftovers).toEqual([]);
    const db = new SQLite(path.join(dataDir, "nimbus.db"), { readonly: true });
    try {
      const row = db.prepare("select storage_reserved from users where id = ?").get(sub) as {
        storage_reserved: number;
      };
      expect(Number(row.storage_reserved)).toBe(0);
    } finally {
      db.close();
    }
  }, 90_000);
});
