import { buildIfStale, startBuiltServer } from "../../scripts/built-server.mjs";

/**
 * Builds when stale (unless E2E_NO_BUILD=1: use the build as it is), starts
 * `node apps/server/dist/main.js` with a temporary DATA_DIR and hands its
 * address to the workers through NIMBUS_E2E_URL. The returned function stops it.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_NO_BUILD !== "1") buildIfStale();
  const server = await startBuiltServer();
  process.env.NIMBUS_E2E_URL = server.url;
  return () => server.stop();
}
