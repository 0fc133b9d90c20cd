let revocations = 0;

/**
 * How many times this process has revoked app passwords (one, all of a user's, or with the
 * sessions): a cache of verified credentials (`AppPasswordSignin`) is stale once it moves.
 */
export function appPasswordRevocations(): number {
  return revocations;
}

/** Marks a revocation: verified credentials cached in this process are forgotten. */
export function noteAppPasswordRevocation(): void {
  revocations++;
}
