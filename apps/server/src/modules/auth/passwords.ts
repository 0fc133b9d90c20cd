/**
 * Argon2id password hashing (OWASP's recommended parameters: 19 MiB, t=2, p=1).
 * The native module is loaded on first use so start-up stays fast.
 */
const OPTIONS = { type: 2 /* argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

async function argon2() {
  return (await import("argon2")).default;
}

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(hash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;
/**
 * Spends the same work as a real check, for accounts that do not exist, so the
 * answer time does not reveal whether an account exists.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword("nimbus-decoy-password");
  await verifyPassword(await decoy, password);
  return false;
}
