import { buildIfStale, startBuiltServer } from "../../scripts/built-server.mjs";
import { startParentSite } from "./parent-page.js";
import { REWARDS_ADMIN_EMAIL } from "./rewards.js";
import { E2E_ADMIN_EMAIL } from "./session.js";

/**
 * Builds when stale (unless E2E_NO_BUILD=1: use the build as it is), starts
 * `node apps/server/bundle/main.js` with a temporary DATA_DIR and hands its
 * address to the workers through NIMBUS_E2E_URL and its DATA_DIR through
 * NIMBUS_E2E_DATA_DIR (mail outbox). A second server of the same build and settings
 * serves the shared-config journeys (NIMBUS_E2E_SHARED_URL, NIMBUS_E2E_SHARED_DATA_DIR):
 * they change remote config, feature switches and announcements, so they run beside the
 * other journeys instead of after them. The embedding parent site runs here too, once, so
 * the servers can be told its origin (EMBED_PARENT_ORIGINS); workers find it through
 * NIMBUS_E2E_PARENT_ORIGIN. The returned function stops all three.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.E2E_NO_BUILD !== "1") buildIfStale();
  // Every journey signs up from 127.0.0.1: lift the per-IP account and code limits, and
  // the captcha risk policy's code-send threshold (sign-in failures still count).
  const parent = await startParentSite();
  const settings = {
    SIGNUPS_PER_IP_HOUR: "100000",
    CODE_SENDS_PER_IP_HOUR: "100000",
    CAPTCHA_CODE_SENDS: "100000",
    EMBED_PARENT_ORIGINS: parent.origin,
    // The admins of the journeys: rewards (activation codes) and operators (feedback,
    // remote config). New accounts may claim the compensation.
    ADMIN_EMAILS: `${REWARDS_ADMIN_EMAIL},${E2E_ADMIN_EMAIL}`,
    REWARD_COMPENSATIONS: "aliyun_accident_202409:3:2099-01-01",
    // Campaigns far off, so no journey's prices depend on the day it runs (the campaign
    // journeys start servers of their own with the windows they need).
    REWARD_CAMPAIGNS: "black_friday:2099-11-27:2099-12-01,christmas:2099-12-18:2100-01-08",
    // The cloud-download journey fetches from its own loopback server, and its magnet from
    // its own tracker and seeder: no DHT, so nothing is asked beyond the machine.
    OFFLINE_ALLOW_PRIVATE: "true",
    TORRENT_DHT: "false",
    // Journeys are proxied by nobody, but the membership one sends a friend's address in
    // X-Forwarded-For so invite anti-farming sees two people.
    TRUST_PROXY: "127.0.0.1",
    // Every worker's viewers share this server: with the default (half the cores, so 1 here)
    // one worker's film left the other's share visitor "busy preparing other videos".
    PLAYBACK_MAX_TRANSCODES: "4",
  };
  const [server, shared] = await Promise.all([
    startBuiltServer({ env: settings }),
    startBuiltServer({ env: settings }),
  ]);
  process.env.NIMBUS_E2E_PARENT_ORIGIN = parent.origin;
  process.env.NIMBUS_E2E_URL = server.url;
  // Journeys read the mail the server writes (verification codes) under DATA_DIR/mail.
  process.env.NIMBUS_E2E_DATA_DIR = server.dataDir;
  process.env.NIMBUS_E2E_SHARED_URL = shared.url;
  process.env.NIMBUS_E2E_SHARED_DATA_DIR = shared.dataDir;
  return async () => {
    await Promise.all([server.stop(), shared.stop()]);
    await parent.close();
  };
}
