import { desc, eq } from 'drizzle-orm';
import { tokyoDate } from '../../contract/calendar.js';
import { addressSchema, type AddressForm, type PersonalInput } from '../../contract/profile-rules.js';
import type { Database } from '../db/client.js';
import { customerProfiles, orders } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { parseWith } from '../lib/validate.js';
import { ownedDocuments } from '../documents/index.js';

const ADDRESS_FIELDS = ['region', 'postcode', 'province', 'city', 'district', 'block', 'building'] as const;
const PERSONAL_FIELDS = ['lastName', 'firstName', 'phone', 'visaType'] as const;

/** Current personal data: what the customer changed last, else what their latest order said. */
export async function profileOf(
  db: Database,
  userId: number,
): Promise<{ info: Record<string, string>; cardAddress: Record<string, string> }> {
  const [profile] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId)).limit(1);
  const [order] = await db
    .select({ info: orders.info })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const fromOrder = order?.info ?? {};
  const cardAddress = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, fromOrder[f] ?? '']));
  return { info: profile?.info ?? fromOrder, cardAddress };
}

async function save(db: Database, userId: number, info: Record<string, string>) {
  await db
    .insert(customerProfiles)
    .values({ userId, info, updatedAt: new Date() })
    .onConflictDoUpdate({ target: customerProfiles.userId, set: { info, updatedAt: new Date() } });
}

const same = (a: Record<string, string>, b: Record<string, string>, fields: readonly string[]) =>
  fields.every((f) => (a[f] ?? '') === (b[f] ?? ''));

/** A new address; one that differs from the residence card's needs a recent address proof. */
export async function changeAddress(db: Database, userId: number, body: AddressForm, now = new Date()) {
  const input = parseWith(addressSchema(tokyoDate(now)), body);
  const { info, cardAddress } = await profileOf(db, userId);
  const next: Record<string, string> = {
    ...info,
    ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(input[f] ?? '')])),
  };
  if (same(next, info, ADDRESS_FIELDS)) throw new ApiError('NO_CHANGES');
  if (!same(next, cardAddress, ADDRESS_FIELDS)) {
    if (!input.proofType || !input.proofDate || !input.proofDoc)
      throw new ApiError('PROOF_REQUIRED', 200, { proofDoc: 'PROOF_REQUIRED' });
    const owned = await ownedDocuments(db, userId, [input.proofDoc]);
    if (owned.get(input.proofDoc) !== 'address_proof')
      throw new ApiError('PROOF_REQUIRED', 200, { proofDoc: 'PROOF_REQUIRED' });
    Object.assign(next, {
      proofType: input.proofType,
      proofDate: input.proofDate,
      proofDoc: input.proofDoc,
      addressSame: 'no',
    });
  }
  await save(db, userId, next);
  return next;
}

export async function changePersonal(db: Database, userId: number, input: PersonalInput) {
  const { info } = await profileOf(db, userId);
  const next: Record<string, string> = {
    ...info,
    ...Object.fromEntries(PERSONAL_FIELDS.map((f) => [f, String(input[f])])),
  };
  if (same(next, info, PERSONAL_FIELDS)) throw new ApiError('NO_CHANGES');
  await save(db, userId, next);
  return next;
}
