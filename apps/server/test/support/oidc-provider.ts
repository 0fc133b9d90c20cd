import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** A person the test identity provider signs in next (its login step picks them without a form). */
export interface TestPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next sign-in at the provider is. */
  signInAs(person: TestPerson): void;
  /** Whether the provider answers at all (false: every request is refused, as a provider outage). */
  setUp(up: boolean): void;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on loopback, with one confidential
 * client whose redirect URI is `redirectUri`. Its login and consent steps finish at once
 * for the person set with `signInAs`, so a test drives the whole round trip over HTTP.
 */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  let person: TestPerson = { sub: "person-1", email: "person@example.com", email_verified: true };
  let up = true;
  const people = new Map<string, TestPerson>();
  const clientId = "nimbus-test";
  const clientSecret = "a client secret that is long enough for HS256 checks";

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    findAccount: async (_ctx, sub) => {
      const found = people.get(sub);
      if (!found) return undefined;
      return { accountId: sub, claims: async () => ({ ...found }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ["test cookie key"] },
  });
  const handle = provider.callback();

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      people.set(person.sub, person);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: person.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = details.session?.accountId ?? person.sub;
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on("request", (req, res) => {
    if (!up) {
      res.statusCode = 503;
      res.end("down");
      return;
    }
    if (req.url?.startsWith("/interaction/")) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (next) => {
      person = next;
    },
    setUp: (value) => {
      up = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A cookie jar of one browser at the provider: name → value, paths ignored. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string[] | string | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * Follows a browser's redirects through the provider from its authorization URL until
 * a redirect leaves it (to the relying party's callback), and answers that URL.
 */
export async function passThroughProvider(authorizationUrl: string, issuer: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    if (!url.href.startsWith(issuer)) return url;
    const answer = await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.store(answer.headers.getSetCookie());
    const location = answer.headers.get("location");
    if (!location)
      throw new Error(`the provider answered ${answer.status} at ${url.pathname}: ${await answer.text()}`);
    url = new URL(location, url);
  }
  throw new Error("too many redirects at the provider");
}
