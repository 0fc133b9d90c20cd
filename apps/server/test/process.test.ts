import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { signUpOverHttp } from "./support/mail.js";
import { spawnServer, startServer } from "./support/server-process.js";

/** The real process: configuration failures, start-up and graceful shutdown. */
describe("server process", () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "nimbus-proc-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });

  it("prints every configuration problem and exits non-zero before listening", async () => {
    const server = spawnServer({
      DATA_DIR: await dataDir(),
      PORT: "99999",
      BLOB_STORE: "floppy",
      LOG_LEVEL: "chatty",
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain("Invalid configuration");
    for (const name of ["PORT", "BLOB_STORE", "LOG_LEVEL"]) expect(output).toContain(`${name}:`);
    expect(output).not.toContain("Server listening");
  });

  it("lets an in-flight request finish on SIGTERM, then exits cleanly", async () => {
    const dir = await dataDir();
    const server = await startServer({ DATA_DIR: dir });
    const { access_token } = await signUpOverHttp(server.url, dir, "slow@example.com", "password123");
    const created = await fetch(`${server.url}/drive/v1/files`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ kind: "drive#file", name: "slow.bin", size: 200_000 }),
    });
    const { file } = (await created.json()) as { file: { id: string } };

    // Start an upload, send half of it, signal the server, then send the rest.
    const bytes = randomBytes(200_000);
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/drive/v1/upload/form/${file.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${access_token}`, "content-length": bytes.length },
      });
      request.on("response", (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write(bytes.subarray(0, 100_000));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => request.end(bytes.subarray(100_000)), 300);
      }, 200);
    });
    const answer = await response;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ phase: "PHASE_TYPE_COMPLETE", size: "200000" });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("shutting down");
  });
});
