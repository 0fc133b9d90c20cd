import { NimbusError, OAUTH_SCOPES, type OAuthScope } from "@nimbus/protocol";

/** Parses a space-separated scope string; unknown scopes answer `invalid_scope`. */
export function parseScopes(value: string): OAuthScope[] {
  const scopes = new Set<OAuthScope>();
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (!(OAUTH_SCOPES as readonly string[]).includes(word)) {
      throw new NimbusError("invalid_scope", `unknown scope ${word}`, { metadata: { scope: word } });
    }
    scopes.add(word as OAuthScope);
  }
  return OAUTH_SCOPES.filter((scope) => scopes.has(scope));
}

export function formatScopes(scopes: readonly OAuthScope[]): string {
  return OAUTH_SCOPES.filter((scope) => scopes.includes(scope)).join(" ");
}

/**
 * What a request gets: the requested scopes, each of which must be within `allowed`
 * (else `invalid_scope`); nothing requested means all of `allowed`.
 */
export function grantScopes(requested: string | undefined, allowed: readonly OAuthScope[]): string {
  if (requested === undefined || requested.trim() === "") return formatScopes(allowed);
  const scopes = parseScopes(requested);
  if (scopes.length === 0) throw new NimbusError("invalid_scope", "no scope requested");
  const outside = scopes.find((scope) => !allowed.includes(scope));
  if (outside) {
    throw new NimbusError("invalid_scope", `scope ${outside} is not allowed here`, {
      metadata: { scope: outside },
    });
  }
  return formatScopes(scopes);
}

export function hasScope(granted: string, scope: OAuthScope): boolean {
  return granted.split(" ").includes(scope);
}
