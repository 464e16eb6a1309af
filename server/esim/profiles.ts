import { and, asc, eq, inArray } from 'drizzle-orm';
import { lpaString } from '../../contract/esim-rules.js';
import type { EsimActivation } from '../../contract/esim-views.js';
import type { Database } from '../db/client.js';
import { esimProfiles } from '../db/schema.js';
import { decrypt, encrypt, type KeyRing } from '../lib/document-crypto.js';
import type { EsimProvider } from './providers/esim-provider.js';

// Profiles as stock: each assigned once, reserved at the carrier, released when replaced. The
// matching ID and confirmation code are sealed with the document key and opened only to build
// the owner's activation (activationOf): never logged, never in a message or audit row.

export type ProfileRow = typeof esimProfiles.$inferSelect;

/** Where the domain tells what it did: pino (app.log, the worker's) or anything shaped like it. */
export interface EsimLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface EsimDeps {
  db: Database;
  provider: EsimProvider;
  /** DOCUMENT_KEY (lib/document-crypto.ts): seals matching IDs and confirmation codes. */
  key: KeyRing;
  log: EsimLog;
  /** ESIM_STOCK_LOW: the assignment that brings `available` to exactly this many tells staff. */
  stockLow: number;
  /** ESIM_STOCK_ALERT_TO: where that mail goes ('' for the console's banner only). */
  stockAlertTo: string;
}

export const seal = (key: KeyRing, text: string): string => encrypt(key, Buffer.from(text, 'utf8')).toString('base64');
export const unseal = (key: KeyRing, sealed: string): string =>
  decrypt(key, Buffer.from(sealed, 'base64')).toString('utf8');

/** The live profile (assigned or installed) an order holds, if any. */
export async function liveProfileOf(db: Database, orderId: number): Promise<ProfileRow | null> {
  const [row] = await db
    .select()
    .from(esimProfiles)
    .where(and(eq(esimProfiles.orderId, orderId), inArray(esimProfiles.status, ['assigned', 'installed'])))
    .limit(1);
  return row ?? null;
}

/**
 * Takes one profile from stock for the order (and its line, on a reissue), inside the caller's
 * transaction: the oldest `available` row not locked by another transaction, so concurrent
 * approvals on any number of servers never take the same one. When the order already holds a
 * live profile that one is answered (assigning twice is harmless). Null when stock is empty.
 */
export async function assignProfile(
  tx: Database,
  target: { orderId: number; lineId: number | null },
  now = new Date(),
): Promise<ProfileRow | null> {
  const held = await liveProfileOf(tx, target.orderId);
  if (held) return held;
  const [free] = await tx
    .select({ id: esimProfiles.id })
    .from(esimProfiles)
    .where(eq(esimProfiles.status, 'available'))
    .orderBy(asc(esimProfiles.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!free) return null;
  const [row] = await tx
    .update(esimProfiles)
    .set({ status: 'assigned', orderId: target.orderId, lineId: target.lineId, assignedAt: now })
    .where(and(eq(esimProfiles.id, free.id), eq(esimProfiles.status, 'available')))
    .returning();
  return row ?? null;
}

async function profileById(db: Database, profileId: number): Promise<ProfileRow> {
  const [row] = await db.select().from(esimProfiles).where(eq(esimProfiles.id, profileId)).limit(1);
  if (!row) throw new Error(`no eSIM profile ${profileId}`);
  return row;
}

/**
 * Binds the assigned profile to a subscriber at the carrier (keeping `msisdn` when given: a
 * reissue keeps the line's number) and records the number. Idempotent: a reserved profile is
 * answered as it is. Throws EsimUnavailableError when the carrier cannot be reached; the sweep
 * retries assigned profiles without `reservedAt`.
 */
export async function reserveProfile(deps: EsimDeps, profileId: number, msisdn: string | null): Promise<ProfileRow> {
  const row = await profileById(deps.db, profileId);
  if (row.reservedAt || row.status !== 'assigned') return row;
  const reserved = await deps.provider.reserve({
    iccid: row.iccid,
    smdpAddress: row.smdpAddress,
    matchingId: unseal(deps.key, row.matchingIdSealed),
    msisdn,
  });
  const now = new Date();
  const [updated] = await deps.db
    .update(esimProfiles)
    .set({ msisdn: reserved.msisdn, reservedAt: now, providerState: 'released', providerStateAt: now })
    .where(and(eq(esimProfiles.id, profileId), eq(esimProfiles.status, 'assigned')))
    .returning();
  deps.log.info({ iccid: row.iccid, orderId: row.orderId }, 'esim profile reserved');
  return updated ?? (await profileById(deps.db, profileId));
}

/**
 * Hands a profile back: `released` here at once (so it is never shown or installed from this
 * side again), then revoked at the carrier; when the carrier cannot be reached `releasePending`
 * stays set and the sweep asks again (retryPendingReleases).
 */
export async function releaseProfile(deps: EsimDeps, profileId: number): Promise<void> {
  const now = new Date();
  const [row] = await deps.db
    .update(esimProfiles)
    .set({ status: 'released', releasedAt: now, releasePending: 1 })
    .where(and(eq(esimProfiles.id, profileId), inArray(esimProfiles.status, ['available', 'assigned', 'installed'])))
    .returning();
  const target = row ?? (await profileById(deps.db, profileId));
  if (!row && target.releasePending === 0) return;
  await confirmRelease(deps, target);
}

async function confirmRelease(deps: EsimDeps, row: ProfileRow): Promise<boolean> {
  try {
    await deps.provider.release(row.iccid);
  } catch (error) {
    deps.log.warn({ iccid: row.iccid, err: error }, 'esim release not confirmed; the sweep retries');
    return false;
  }
  const now = new Date();
  await deps.db
    .update(esimProfiles)
    .set({ releasePending: 0, providerState: 'revoked', providerStateAt: now })
    .where(eq(esimProfiles.id, row.id));
  deps.log.info({ iccid: row.iccid }, 'esim profile released');
  return true;
}

/** The sweep's part: releases the carrier did not confirm, asked again. Answers how many now went through. */
export async function retryPendingReleases(deps: EsimDeps): Promise<number> {
  const pending = await deps.db
    .select()
    .from(esimProfiles)
    .where(and(eq(esimProfiles.status, 'released'), eq(esimProfiles.releasePending, 1)))
    .limit(100);
  let done = 0;
  for (const row of pending) if (await confirmRelease(deps, row)) done += 1;
  return done;
}

/** What the owner needs to install the profile (opens the sealed parts). */
export function activationOf(deps: Pick<EsimDeps, 'key'>, profile: ProfileRow): EsimActivation {
  const matchingId = unseal(deps.key, profile.matchingIdSealed);
  return {
    lpa: lpaString(profile.smdpAddress, matchingId),
    smdpAddress: profile.smdpAddress,
    matchingId,
    confirmationCode: profile.confirmationCodeSealed ? unseal(deps.key, profile.confirmationCodeSealed) : null,
  };
}
