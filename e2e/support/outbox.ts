import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The built server's mail outbox (DATA_DIR/mail): the global setup's server unless another is named. */
function mailDir(dataDir = process.env.NIMBUS_E2E_DATA_DIR): string {
  if (!dataDir) throw new Error("NIMBUS_E2E_DATA_DIR is not set (the global setup sets it)");
  return path.join(dataDir, "mail");
}

/**
 * The newest verification code the server mailed to `email` (the code stands alone on
 * a line of the text part). Waits up to `timeoutMs` for the message to land.
 */
export async function mailedCode(
  email: string,
  { after = 0, timeoutMs = 5000, dataDir }: { after?: number; timeoutMs?: number; dataDir?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const dir = mailDir(dataDir);
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((file) => file.endsWith(".eml") && Number(file.split("-")[0]) >= after)
      .sort()
      .reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(dir, file), "utf8")).replace(/\r\n/g, "\n");
      const to = /^To: (.*)$/im.exec(raw)?.[1] ?? "";
      const code = /^ {4}(\d{6})$/m.exec(raw)?.[1];
      if (code && to.toLowerCase().includes(email.toLowerCase())) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first match of `pattern` in the newest mail to `email` that has one (soft line breaks undone). */
export async function mailedMatch(
  email: string,
  pattern: RegExp,
  { after = 0, timeoutMs = 10_000, dataDir }: { after?: number; timeoutMs?: number; dataDir?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const dir = mailDir(dataDir);
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((file) => file.endsWith(".eml") && Number(file.split("-")[0]) >= after)
      .sort()
      .reverse();
    for (const file of files) {
      const raw = (await readFile(path.join(dir, file), "utf8")).replace(/\r\n/g, "\n").replace(/=\n/g, "");
      const to = /^To: (.*)$/im.exec(raw)?.[1] ?? "";
      const found = pattern.exec(raw)?.[0];
      if (found && to.toLowerCase().includes(email.toLowerCase())) return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${email} matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
