import { AppPasswords } from "./modules/auth/app-passwords.js";
import { registerAuthJobs } from "./modules/auth/auth-jobs.js";
import { AuthService } from "./modules/auth/auth-service.js";
import { AuthorizationCodes } from "./modules/auth/authorization-codes.js";
import { DeviceFlow } from "./modules/auth/device-flow.js";
import { SessionsRepository } from "./modules/auth/sessions-repository.js";
import { TokenGrants } from "./modules/auth/token-grants.js";
import { ClientRegistry } from "./modules/clients/client-registry.js";
import { Avatars } from "./modules/users/avatars.js";
import { ProfileService } from "./modules/users/profile-service.js";
import { MailUnsubscribes } from "./modules/users/unsubscribe-links.js";
import { UserSettingsStore } from "./modules/users/user-settings.js";
import type { Shared } from "./services.js";

export interface GrantsServices {
  auth: AuthService;
  /** Passwords of apps connected over WebDAV, one per app. */
  appPasswords: AppPasswords;
  clients: ClientRegistry;
  grants: TokenGrants;
  authCodes: AuthorizationCodes;
  devices: DeviceFlow;
  profiles: ProfileService;
  avatars: Avatars;
  unsubscribes: MailUnsubscribes;
  userSettings: UserSettingsStore;
}

/** `wireGrants`: sessions and tokens, the client registry, grants, and the user's own account API. */
export function wireGrants(shared: Shared): GrantsServices {
  const { db, clock, config, jobs, users, rateLimits } = shared;
  const sessions = new SessionsRepository(db);
  const auth = new AuthService(sessions, clock);
  const clients = new ClientRegistry();
  const authCodes = new AuthorizationCodes(db, clients, clock);
  const tvPage = (locale: string) => `${config.publicUrl}/${locale}/tv`;
  const devices = new DeviceFlow(db, clients, clock, tvPage, rateLimits);
  const avatars = new Avatars(db, clock);
  registerAuthJobs(jobs, clock, { sessions, codes: authCodes, devices });
  return {
    auth,
    appPasswords: new AppPasswords(db, clock),
    clients,
    grants: new TokenGrants(auth, clients, authCodes, devices),
    authCodes,
    devices,
    avatars,
    profiles: new ProfileService({
      users,
      auth,
      avatars,
      rateLimits,
      clock,
      publicUrl: config.publicUrl,
      memberships: shared.memberships,
    }),
    unsubscribes: new MailUnsubscribes(db, config.secretKey, clock),
    userSettings: new UserSettingsStore(db, clock),
  };
}
