import type { OidcProviderSetting } from "../../config/schema.js";

const DISCOVERY_TIMEOUT_S = 10;
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** What a provider vouched for after a successful code exchange (ID token claims, checked). */
export interface VouchedIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
}

/** One sign-in on its way through the provider: what the callback must present again. */
export interface ProviderChallenge {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect providers the operator configured (`OIDC_PROVIDERS`), spoken to
 * with `openid-client` (authorization code flow with PKCE, state and nonce). Discovery
 * runs at first use and is cached; a failed discovery is retried at the next sign-in.
 * Plain `http` issuers are accepted only on loopback (tests, a local IdP).
 */
export class OidcProviders {
  private readonly discovered = new Map<string, Promise<import("openid-client").Configuration>>();

  constructor(
    private readonly settings: readonly OidcProviderSetting[],
    private readonly callbackUrl: (providerId: string) => string,
  ) {}

  list(): { id: string; name: string }[] {
    return this.settings.map(({ id, name }) => ({ id, name }));
  }

  has(providerId: string): boolean {
    return this.settings.some((s) => s.id === providerId);
  }

  async challenge(providerId: string): Promise<ProviderChallenge> {
    const client = await import("openid-client");
    const setting = this.setting(providerId);
    const config = await this.configuration(setting);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(providerId),
      scope: setting.scope,
      response_type: "code",
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the callback's code and checks the ID token (signature, issuer, audience,
   * nonce); email and name come from it, or from UserInfo for the same subject.
   */
  async redeem(
    providerId: string,
    callbackQuery: URLSearchParams,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VouchedIdentity> {
    const client = await import("openid-client");
    const config = await this.configuration(this.setting(providerId));
    const currentUrl = new URL(this.callbackUrl(providerId));
    currentUrl.search = callbackQuery.toString();
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: expected.codeVerifier,
      expectedState: expected.state,
      expectedNonce: expected.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error("the provider answered no ID token");
    // Many providers keep email and name out of the ID token: then the UserInfo endpoint has them.
    const claims =
      typeof idClaims.email === "string"
        ? idClaims
        : { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    return {
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email : "",
      emailVerified: claims.email_verified === true,
      name:
        typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 64) : undefined,
    };
  }

  private setting(providerId: string): OidcProviderSetting {
    const setting = this.settings.find((s) => s.id === providerId);
    if (!setting) throw new Error(`no provider ${providerId}`);
    return setting;
  }

  private configuration(setting: OidcProviderSetting) {
    let config = this.discovered.get(setting.id);
    if (!config) {
      config = discover(setting);
      this.discovered.set(setting.id, config);
      config.catch(() => this.discovered.delete(setting.id));
    }
    return config;
  }
}

async function discover(setting: OidcProviderSetting) {
  const client = await import("openid-client");
  const issuer = new URL(setting.issuer);
  const insecure = issuer.protocol === "http:" && LOOPBACK.has(issuer.hostname);
  return client.discovery(
    issuer,
    setting.client_id,
    undefined,
    client.ClientSecretBasic(setting.client_secret),
    {
      timeout: DISCOVERY_TIMEOUT_S,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    },
  );
}
