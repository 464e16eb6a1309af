import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ProviderProfileState } from '../../../contract/esim-rules.js';
import type { Database } from '../../db/client.js';
import { esimProfiles, lines, sandboxEsimProfiles } from '../../db/schema.js';
import { EsimUnavailableError, type EsimProvider } from './esim-provider.js';
import { verifyNotice } from './notice-signature.js';

/** The sandbox's notice secret when ESIM_WEBHOOK_SECRET is not set (never used in production). */
export const SANDBOX_ESIM_SECRET = 'sandbox-esim-webhook-secret';

/** A free sandbox number: 070/080/090, used by no line, no profile and no sandbox record. */
async function freeMsisdn(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const number = `0${7 + randomInt(3)}0${String(randomInt(100_000_000)).padStart(8, '0')}`;
    const [line] = await db.select({ id: lines.id }).from(lines).where(eq(lines.msisdn, number)).limit(1);
    const [profile] = await db
      .select({ id: esimProfiles.id })
      .from(esimProfiles)
      .where(eq(esimProfiles.msisdn, number))
      .limit(1);
    const [sandbox] = await db
      .select({ iccid: sandboxEsimProfiles.iccid })
      .from(sandboxEsimProfiles)
      .where(eq(sandboxEsimProfiles.msisdn, number))
      .limit(1);
    if (!line && !profile && !sandbox) return number;
  }
  throw new EsimUnavailableError('sandbox found no free number');
}

/**
 * The stand-in for the carrier's platform, keeping its own record of each profile (table
 * sandbox_esim_profiles) as the carrier would: the sandbox "phone" (routes/sandbox-phone.ts)
 * downloads and installs against that record and sends the carrier's signed notices.
 */
export function sandboxEsim(options: { db: Database; secret: string }): EsimProvider {
  const { db } = options;
  const find = async (iccid: string) =>
    (await db.select().from(sandboxEsimProfiles).where(eq(sandboxEsimProfiles.iccid, iccid)).limit(1))[0] ?? null;
  return {
    name: 'sandbox',
    async reserve(p) {
      const existing = await find(p.iccid);
      if (existing?.state === 'revoked') throw new EsimUnavailableError('sandbox profile was revoked');
      if (existing?.msisdn) return { msisdn: existing.msisdn };
      const msisdn = p.msisdn ?? (await freeMsisdn(db));
      await db
        .insert(sandboxEsimProfiles)
        .values({ iccid: p.iccid, state: 'released', msisdn, matchingId: p.matchingId })
        .onConflictDoUpdate({
          target: sandboxEsimProfiles.iccid,
          set: { state: 'released', msisdn, matchingId: p.matchingId, updatedAt: new Date() },
        });
      const row = await find(p.iccid);
      return { msisdn: row?.msisdn ?? msisdn };
    },
    async release(iccid) {
      await db
        .insert(sandboxEsimProfiles)
        .values({ iccid, state: 'revoked', msisdn: null, matchingId: '' })
        .onConflictDoUpdate({ target: sandboxEsimProfiles.iccid, set: { state: 'revoked', updatedAt: new Date() } });
    },
    async status(iccid) {
      return ((await find(iccid))?.state ?? 'available') as ProviderProfileState;
    },
    verifyNotice: (headers, raw, now) => verifyNotice(options.secret, headers, raw, now),
  };
}
