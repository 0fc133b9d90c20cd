/** PKCE (RFC 7636) for the extension and desktop hand-offs: the page keeps the verifier. */
export interface Pkce {
  verifier: string;
  challenge: string;
  method: "S256";
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A 43-character verifier (32 random bytes) and its S256 challenge. */
export async function createPkce(crypto: Crypto = globalThis.crypto): Promise<Pkce> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { verifier, challenge: base64Url(new Uint8Array(digest)), method: "S256" };
}
