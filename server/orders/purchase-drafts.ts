import { eq } from 'drizzle-orm';
import { purchaseDraftSchema, type PurchaseDraftView } from '../../contract/draft-rules.js';
import type { Database } from '../db/client.js';
import { purchaseDrafts } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';

/** The customer's purchase in progress, so it continues on another device; null when none. */
export async function readDraft(db: Database, userId: number): Promise<PurchaseDraftView | null> {
  const [row] = await db.select().from(purchaseDrafts).where(eq(purchaseDrafts.userId, userId)).limit(1);
  const parsed = purchaseDraftSchema.safeParse(row?.draft);
  return parsed.success ? parsed.data : null;
}

/** Keeps the draft (one per customer, the newest wins); anything but a well-formed draft is refused. */
export async function saveDraft(db: Database, userId: number, json: string, now = new Date()): Promise<void> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new ApiError('BAD_REQUEST', 400);
  }
  const parsed = purchaseDraftSchema.safeParse(value);
  if (!parsed.success) throw new ApiError('BAD_REQUEST', 400);
  await db
    .insert(purchaseDrafts)
    .values({ userId, draft: parsed.data, updatedAt: now })
    .onConflictDoUpdate({ target: purchaseDrafts.userId, set: { draft: parsed.data, updatedAt: now } });
}

export async function dropDraft(db: Database, userId: number): Promise<void> {
  await db.delete(purchaseDrafts).where(eq(purchaseDrafts.userId, userId));
}
