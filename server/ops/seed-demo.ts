import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { addDays, tokyoDate } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { bills, lines, orders, users } from '../db/schema.js';
import { storeDocument, type DocumentVault } from '../services/documents.js';
import { createOrder, transitionOrder } from '../services/orders.js';
import { hashPassword } from '../services/passwords.js';
import { activateOrder, approveOrder, billRun, importUsage, rejectOrder, shipOrder } from './operations.js';

export const DEMO_EMAIL = 'demo@sakura-mobile.example';
export const DEMO_PASSWORD = 'demo12345';

const fixtures = join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'documents');

/**
 * A customer who has seen everything: an active line with a month of usage, a paid and an
 * unpaid bill, and one order in each review state. Safe to run again: it starts the demo over.
 */
export async function seedDemo(
  db: Database,
  vault: DocumentVault,
  now = new Date(),
): Promise<{ email: string; password: string; msisdn: string }> {
  const [existing] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (existing) {
    const [line] = await db.select().from(lines).where(eq(lines.userId, existing.id)).limit(1);
    return { email: DEMO_EMAIL, password: DEMO_PASSWORD, msisdn: line?.msisdn ?? '' };
  }
  const [user] = await db
    .insert(users)
    .values({ username: '演示用户', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), lang: 'cn' })
    .returning();
  const userId = user!.id;
  const doc = async (kind: 'residence_front' | 'residence_back' | 'passport' | 'signature', file: string) =>
    (await storeDocument(vault, userId, kind, readFileSync(join(fixtures, file)))).id;
  const base = {
    lastName: '演示',
    firstName: '用户',
    email: DEMO_EMAIL,
    birthday: '1998-03-15',
    region: 'JP',
    postcode: '171-0021',
    province: '東京都',
    city: '豊島区',
    district: '西池袋',
    block: '1-18-2',
    building: '藤久ビル 501',
    phone: '080-1234-5678',
    delivery: 'mail',
    storeId: '',
    visaType: 'study',
    identityKind: 'passport',
    addressSame: 'yes',
    proofType: '',
    proofDate: '',
    proofDoc: '',
    residenceFront: await doc('residence_front', 'residence-front.jpg'),
    residenceBack: await doc('residence_back', 'residence-back.jpg'),
    identityDoc: await doc('passport', 'passport.jpg'),
    signatureId: await doc('signature', 'address-proof.png'),
  };
  const actor = 'staff:demo-seed';
  // Older orders were paid in time; the newest one waits for payment for the usual 30 minutes.
  const place = (planId: number, daysAgo: number) =>
    createOrder(
      db,
      userId,
      { ...base, planId: String(planId) },
      daysAgo === 0 ? 30 : 60 * 24 * 365,
      new Date(now.getTime() - daysAgo * 86_400_000),
    );
  const paid = async (order: { id: number }) => {
    await transitionOrder(db, order.id, 'paid', 'system');
    await transitionOrder(db, order.id, 'under_review', 'system');
  };

  // The order whose line is active.
  const activeOrder = await place(2, 40);
  await paid(activeOrder);
  await approveOrder(db, actor, activeOrder.orderNo);
  await shipOrder(db, actor, activeOrder.orderNo, 'JP1234567890');
  const msisdn = '07012345678';
  await activateOrder(db, actor, activeOrder.orderNo, msisdn, '8981100000000000001');
  const usage = Array.from(
    { length: 30 },
    (_, i) => `${msisdn},${addDays(tokyoDate(now), -30 + i)},${300 + ((i * 137) % 700)}`,
  ).join('\n');
  await importUsage(db, actor, usage);

  // One order in each other state.
  await place(1, 0);
  const reviewing = await place(1, 2);
  await paid(reviewing);
  const rejected = await place(3, 3);
  await paid(rejected);
  await rejectOrder(db, actor, rejected.orderNo, '护照照片反光，号码看不清，请重新拍摄', 'passport');
  const approved = await place(3, 4);
  await paid(approved);
  await approveOrder(db, actor, approved.orderNo);
  const shipped = await place(2, 6);
  await paid(shipped);
  await approveOrder(db, actor, shipped.orderNo);
  await shipOrder(db, actor, shipped.orderNo, 'JP9876543210');

  // Last month's bill paid, this month's waiting.
  const thisMonth = tokyoDate(now).slice(0, 7);
  const lastMonth = tokyoDate(
    new Date(Date.UTC(Number(thisMonth.slice(0, 4)), Number(thisMonth.slice(5)) - 2, 15)),
  ).slice(0, 7);
  await billRun(db, actor, lastMonth);
  await db.update(bills).set({ status: 'paid', paidAt: now }).where(eq(bills.month, lastMonth));
  await billRun(db, actor, thisMonth);
  await db.update(orders).set({ updatedAt: now }).where(eq(orders.userId, userId));
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD, msisdn };
}
