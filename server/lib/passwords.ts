import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation: 19 MiB of memory, 2 passes, 1 lane.
// algorithm 2 is Argon2id (a const enum in the typings, so named by value here).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verifying against this when the account does not exist keeps the answer time the same,
// so timing does not reveal which e-mail addresses have accounts.
let decoy: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy-password-1');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
