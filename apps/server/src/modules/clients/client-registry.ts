import {
  CLIENT_IDS,
  GRANT_TYPES,
  type GrantType,
  NimbusError,
  OAUTH_SCOPES,
  type OAuthScope,
} from "@nimbus/protocol";

export type ClientKind = "web" | "desktop" | "mobile" | "tv" | "extension" | "cli";

/** How a client may get a session besides the token grants: the accounts sign-in calls. */
export type SigninGrant = "signin";

/** A registered client: who it is and what it may ask for. */
export interface ClientInfo {
  id: string;
  /** Shown in the sessions list and on the TV approval page. */
  name: string;
  kind: ClientKind;
  grants: ReadonlyArray<GrantType | SigninGrant>;
  scopes: readonly OAuthScope[];
  /** Clients whose web page it may hand its sign-in to (`POST /v1/auth/authorize`). */
  authorizes: readonly string[];
  /** Sign-in answers a cookie session instead of tokens (the browser app). */
  cookieSession: boolean;
  /** Salts for verifying `captcha_sign` (spec §7); undefined: the client signs nothing. */
  captchaSalts?: readonly string[];
}

const ALL_SCOPES = OAUTH_SCOPES;
const { refreshToken, authorizationCode, deviceCode } = GRANT_TYPES;

const BUILT_IN: readonly Omit<ClientInfo, "captchaSalts">[] = [
  {
    id: CLIENT_IDS.web,
    name: "Nimbus web",
    kind: "web",
    grants: ["signin", authorizationCode, refreshToken],
    scopes: ALL_SCOPES,
    authorizes: [],
    cookieSession: true,
  },
  {
    id: CLIENT_IDS.desktop,
    name: "Nimbus for desktop",
    kind: "desktop",
    grants: ["signin", refreshToken, authorizationCode],
    scopes: ALL_SCOPES,
    authorizes: [CLIENT_IDS.web],
    cookieSession: false,
  },
  {
    id: CLIENT_IDS.mobile,
    name: "Nimbus for mobile",
    kind: "mobile",
    grants: ["signin", refreshToken, authorizationCode],
    scopes: ALL_SCOPES,
    authorizes: [CLIENT_IDS.web],
    cookieSession: false,
  },
  {
    id: CLIENT_IDS.tv,
    name: "Nimbus for TV",
    kind: "tv",
    grants: [deviceCode, refreshToken],
    scopes: ALL_SCOPES,
    authorizes: [],
    cookieSession: false,
  },
  {
    id: CLIENT_IDS.extension,
    name: "Nimbus browser extension",
    kind: "extension",
    grants: ["signin", refreshToken, authorizationCode],
    scopes: ALL_SCOPES,
    authorizes: [CLIENT_IDS.web],
    cookieSession: false,
  },
  {
    id: CLIENT_IDS.cli,
    name: "Nimbus CLI",
    kind: "cli",
    grants: ["signin", deviceCode, refreshToken],
    scopes: ALL_SCOPES,
    authorizes: [],
    cookieSession: false,
  },
];

export interface ClientRegistryOptions {
  /** Per client id, the salts its `captcha_sign` is verified with. */
  captchaSalts?: Readonly<Record<string, readonly string[]>>;
}

/** The registry of clients: ids, names, allowed grants and scopes. */
export class ClientRegistry {
  private readonly clients: ReadonlyMap<string, ClientInfo>;

  constructor(options: ClientRegistryOptions = {}) {
    this.clients = new Map(
      BUILT_IN.map((client) => {
        const salts = options.captchaSalts?.[client.id];
        return [client.id, salts?.length ? { ...client, captchaSalts: salts } : client];
      }),
    );
  }

  find(id: string | undefined): ClientInfo | undefined {
    return id === undefined ? undefined : this.clients.get(id);
  }

  all(): ClientInfo[] {
    return [...this.clients.values()];
  }

  /** The client, or `unauthorized_client` for an unknown id or a grant it may not use. */
  require(id: string | undefined, grant?: GrantType | SigninGrant): ClientInfo {
    if (!id)
      throw new NimbusError("invalid_request", "client_id is required", { metadata: { field: "client_id" } });
    const client = this.clients.get(id);
    if (!client) throw new NimbusError("unauthorized_client", `unknown client ${id}`);
    if (grant && !client.grants.includes(grant)) {
      throw new NimbusError("unauthorized_client", `client ${id} may not use the ${grant} grant`);
    }
    return client;
  }

  /** A client's display name, or its id when it is no longer registered. */
  nameOf(id: string): string {
    return this.clients.get(id)?.name ?? id;
  }
}
