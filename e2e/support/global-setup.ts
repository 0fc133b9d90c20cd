import { buildIfStale, startBuiltServer } from "../../scripts/built-server.mjs";

/**
 * Builds when stale (unless E2E_NO_BUILD=1: use the build as it is), starts
 * `node apps/server/dist/main.js` with a temporary DATA_DIR and hands its
 * address to the workers through NIMBUS_E2E_URL and its DATA_DIR through
 * NIMBUS_E2E_DATA_DIR (mail outbox). The returned function stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_NO_BUILD !== "1") buildIfStale();
  // Every journey signs up from 127.0.0.1: lift the per-IP account and code limits, and
  // the captcha risk policy's code-send threshold (sign-in failures still count).
  const server = await startBuiltServer({
    env: { SIGNUPS_PER_IP_HOUR: "100000", CODE_SENDS_PER_IP_HOUR: "100000", CAPTCHA_CODE_SENDS: "100000" },
  });
  process.env.NIMBUS_E2E_URL = server.url;
  // Journeys read the mail the server writes (verification codes) under DATA_DIR/mail.
  process.env.NIMBUS_E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
