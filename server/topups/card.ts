import { and, eq, like } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { addonById, DATA_ADDONS } from '../../contract/topup-rules.js';
import type { AutoTopupView, CardOnFileView } from '../../contract/topup-views.js';
import type { Database } from '../db/client.js';
import { autoTopups, cardsOnFile, topups } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { CardOnFileError } from '../payments/index.js';
import type { TopupDeps } from './deps.js';

/** The automatic top-ups of a line's Tokyo month: keys `<lineId>:<YYYY-MM>:<n>`. */
export const autoKeyPrefix = (lineId: number, today: string) => `${lineId}:${today.slice(0, 7)}:%`;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function cardOf(db: Database | Tx, userId: number): Promise<CardOnFileView | null> {
  const [card] = await db.select().from(cardsOnFile).where(eq(cardsOnFile.userId, userId)).limit(1);
  return card ? { maskedNumber: card.maskedNumber, expiry: card.expiry } : null;
}

/** The line's automatic top-up as the customer and staff see it; off (the smallest add-on, cap 1) when never set. */
export async function autoTopupView(db: Database | Tx, lineId: number, now = new Date()): Promise<AutoTopupView> {
  const [row] = await db.select().from(autoTopups).where(eq(autoTopups.lineId, lineId)).limit(1);
  const bought = await db
    .select({ id: topups.id })
    .from(topups)
    .where(and(like(topups.autoKey, autoKeyPrefix(lineId, tokyoDate(now))), eq(topups.status, 'applied')));
  return {
    enabled: row?.enabled ?? false,
    addonId: row?.addonId ?? DATA_ADDONS[0]!.id,
    monthlyCap: row?.monthlyCap ?? 1,
    disabledReason: (row?.disabledReason as AutoTopupView['disabledReason']) ?? null,
    usedThisMonth: bought.length,
  };
}

/** Turns automatic top-up off with the reason the customer is shown (a declined card, the card removed, staff). */
export async function turnAutoTopupOff(db: Database | Tx, lineId: number, reason: string, now = new Date()) {
  return db
    .update(autoTopups)
    .set({ enabled: false, disabledReason: reason, updatedAt: now })
    .where(and(eq(autoTopups.lineId, lineId), eq(autoTopups.enabled, true)))
    .returning();
}

/**
 * Registers the card at the gateway from the card form's token (the card itself never comes
 * here) and keeps only its member, sequence, masked number and expiry. A card already on file
 * is replaced: the gateway keeps one card per member.
 */
export async function saveCard(deps: Pick<TopupDeps, 'db' | 'cardOnFile'>, userId: number, token: string) {
  const saved = await deps.cardOnFile.saveCard(userId, token).catch((error: unknown) => {
    // The gateway refused the token or the card: the customer's to fix; anything else is a fault.
    if (error instanceof CardOnFileError)
      throw new ApiError('CARD_ON_FILE_FAILED', 200, { token: 'CARD_ON_FILE_FAILED' });
    throw error;
  });
  const [old] = await deps.db.select().from(cardsOnFile).where(eq(cardsOnFile.userId, userId)).limit(1);
  const values = {
    memberId: saved.memberId,
    cardSeq: saved.cardSeq,
    maskedNumber: saved.maskedNumber,
    expiry: saved.expiry,
  };
  await deps.db
    .insert(cardsOnFile)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: cardsOnFile.userId, set: { ...values, createdAt: new Date() } });
  if (old && old.cardSeq !== saved.cardSeq)
    await deps.cardOnFile.deleteCard(old.memberId, old.cardSeq).catch(() => undefined);
  return { maskedNumber: saved.maskedNumber, expiry: saved.expiry };
}

/** Removes the card here and at the gateway; automatic top-up cannot run without it, so it goes off. */
export async function removeCard(deps: Pick<TopupDeps, 'db' | 'cardOnFile'>, userId: number, lineId: number | null) {
  const [card] = await deps.db.select().from(cardsOnFile).where(eq(cardsOnFile.userId, userId)).limit(1);
  if (!card) return;
  await deps.db.transaction(async (tx) => {
    await tx.delete(cardsOnFile).where(eq(cardsOnFile.userId, userId));
    if (lineId !== null) await turnAutoTopupOff(tx, lineId, 'card_removed');
  });
  // Nothing here refers to it any more; a gateway that did not answer keeps a card no one charges.
  await deps.cardOnFile.deleteCard(card.memberId, card.cardSeq).catch(() => undefined);
}

/** The customer's settings; turning it on needs a card on file (CARD_ON_FILE_REQUIRED). */
export async function setAutoTopup(
  db: Database,
  userId: number,
  lineId: number,
  input: { enabled: boolean; addonId: string; monthlyCap: number },
  now = new Date(),
) {
  if (!addonById(input.addonId)) throw new ApiError('TOPUP_ADDON_INVALID', 200, { addonId: 'TOPUP_ADDON_INVALID' });
  if (input.enabled && !(await cardOf(db, userId))) throw new ApiError('CARD_ON_FILE_REQUIRED');
  const values = {
    enabled: input.enabled,
    addonId: input.addonId,
    monthlyCap: input.monthlyCap,
    // Turned on (or off) by the customer: the server's reason no longer applies.
    disabledReason: null,
    updatedAt: now,
  };
  await db
    .insert(autoTopups)
    .values({ lineId, ...values })
    .onConflictDoUpdate({ target: autoTopups.lineId, set: values });
}

/** Lines whose automatic top-up is on (the sweep's candidates). */
export const enabledAutoTopups = (db: Database) => db.select().from(autoTopups).where(eq(autoTopups.enabled, true));
