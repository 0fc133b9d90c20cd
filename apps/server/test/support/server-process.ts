import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/** Runs src/main.ts as a real process (through tsx), as `npm start` would run the build. */
export function spawnServer(env: Record<string, string>): {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--conditions=@nimbus/source", "--import", "tsx", MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the server and waits for its "ready" log line; resolves with its base URL. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env);
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(server.output());
    if (match?.[1] && server.output().includes("Nimbus is ready")) return { ...server, url: match[1] };
    if (server.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  server.child.kill("SIGKILL");
  throw new Error(`server did not start:\n${server.output()}`);
}
