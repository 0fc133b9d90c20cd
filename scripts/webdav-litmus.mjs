#!/usr/bin/env node
// Runs the litmus WebDAV suite (Debian package `litmus`) against /dav/ of the built server:
// a fresh account signed up through its mail outbox, an app password made through the API,
// then `litmus <url> <email> <app password>` with the suites named (default: all five, basic
// copymove props locks http). Exits with litmus' status, so a failing test fails the caller
// (CI), and with 1 when litmus passed with warnings (decision 0058: none is expected).
//
//   node scripts/webdav-litmus.mjs [suite …]       (after `npm run build`)
import { spawn } from "node:child_process";
import { startBuiltServer } from "./built-server.mjs";
import { signUpWithMailedCode } from "./mail-signup.mjs";

const suites = process.argv.slice(2);
const tests = (suites.length > 0 ? suites : ["basic", "copymove", "props", "locks", "http"]).join(" ");
const server = await startBuiltServer();
let status = 1;
try {
  const email = `litmus-${Date.now()}@example.com`;
  const { access_token } = await signUpWithMailedCode(server.url, server.dataDir, email, "litmus passphrase");
  const created = await fetch(`${server.url}/v1/user/me/app_passwords`, {
    method: "POST",
    headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "litmus" }),
  });
  if (!created.ok) throw new Error(`app password: ${created.status} ${await created.text()}`);
  const { password } = await created.json();
  console.log(`litmus ${tests} against ${server.url}/dav/`);
  status = await new Promise((resolve) => {
    // litmus writes its debug.log and child.log into its working folder: the server's DATA_DIR.
    const child = spawn("litmus", [`${server.url}/dav/`, email, password], {
      cwd: server.dataDir,
      env: { ...process.env, TESTS: tests },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      output += chunk;
    });
    child.once("error", (error) => {
      console.error(`litmus did not start (apt-get install litmus): ${error.message}`);
      resolve(127);
    });
    child.once("close", (code) => {
      const warnings = (output.match(/WARNING:/g) ?? []).length;
      if (code === 0 && warnings > 0) console.error(`litmus passed with ${warnings} warning(s)`);
      resolve(code === 0 && warnings > 0 ? 1 : (code ?? 1));
    });
  });
} finally {
  await server.stop();
}
process.exit(status);
