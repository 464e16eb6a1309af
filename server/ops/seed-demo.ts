import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { addDays, tokyoDate } from '../../contract/calendar.js';
import type { Database } from '../db/client.js';
import { bills, esimProfiles, lines, orders, plans, users } from '../db/schema.js';
import { importProfiles, type EsimDeps } from '../esim/index.js';
import { seedPlans } from '../db/seed.js';
import { storeDocument, type DocumentVault } from '../documents/index.js';
import { createOrder, transitionOrder } from '../orders/index.js';
import { hashPassword } from '../lib/passwords.js';
import { demoPurchaseForm } from './demo-purchase.js';
import { activateOrder, approveOrder, billRun, importUsage, shipOrder } from '../staff/index.js';

export const DEMO_EMAIL = 'demo@demo.example';
export const DEMO_PASSWORD = 'demo12345';

const fixtures = join(import.meta.dirname, '..', '..', 'tests', 'fixtures', 'documents');

/** The first of these numbers (and SIM serials) nobody holds: staff may have activated the first by hand. */
async function freeLine(db: Database): Promise<{ msisdn: string; iccid: string }> {
  const taken = await db.select({ msisdn: lines.msisdn, iccid: lines.iccid }).from(lines);
  const numbers = new Set(taken.map((line) => line.msisdn));
  const serials = new Set(taken.map((line) => line.iccid));
  for (let i = 0; i < 10_000; i += 1) {
    const msisdn = `0701234${String(5678 + i)
      .padStart(4, '0')
      .slice(-4)}`;
    const iccid = `89811000000000${String(1 + i).padStart(5, '0')}`;
    if (!numbers.has(msisdn) && !serials.has(iccid)) return { msisdn, iccid };
  }
  throw new Error('no free demo number left');
}

/**
 * A customer who has seen everything: an active line with a month of usage, a paid and an
 * unpaid bill, and one order in each review state. Safe to run again: a complete demo customer
 * is kept as it is; one a failed run left without its line is set aside and made again.
 */
export async function seedDemo(
  db: Database,
  vault: DocumentVault,
  now = new Date(),
  esim?: EsimDeps,
  keepNumberFee?: number,
): Promise<{ email: string; password: string; msisdn: string }> {
  if (esim) await sampleEsimStock(esim);
  const [existing] = await db.select().from(users).where(eq(users.email, DEMO_EMAIL)).limit(1);
  if (existing) {
    const [line] = await db.select().from(lines).where(eq(lines.userId, existing.id)).limit(1);
    if (line) return { email: DEMO_EMAIL, password: DEMO_PASSWORD, msisdn: line.msisdn };
    // Its orders and documents stay for the record, under an address nobody signs in with.
    const aside = `set-aside-${existing.id}`;
    await db
      .update(users)
      .set({ email: `${aside}@demo.example`, username: `${existing.username}-${aside}` })
      .where(eq(users.id, existing.id));
  }
  const [user] = await db
    .insert(users)
    .values({ username: '演示用户', email: DEMO_EMAIL, passwordHash: await hashPassword(DEMO_PASSWORD), lang: 'cn' })
    .returning();
  const userId = user!.id;
  const doc = async (kind: 'residence_front' | 'residence_back' | 'passport' | 'signature', file: string) =>
    (await storeDocument(vault, userId, kind, readFileSync(join(fixtures, file)))).id;
  const documents = {
    residenceFront: await doc('residence_front', 'residence-front.jpg'),
    residenceBack: await doc('residence_back', 'residence-back.jpg'),
    identityDoc: await doc('passport', 'passport.jpg'),
    signatureId: (await storeDocument(vault, userId, 'signature', await signaturePng())).id,
  };
  const actor = 'staff:demo-seed';
  // Older orders were paid in time; the newest one waits for payment for the usual 30 minutes.
  const place = (planId: number, daysAgo: number) =>
    createOrder(
      db,
      userId,
      demoPurchaseForm(planId, documents, { email: DEMO_EMAIL }),
      daysAgo === 0 ? 30 : 60 * 24 * 365,
      new Date(now.getTime() - daysAgo * 86_400_000),
    );
  const paid = async (order: { id: number; createdAt: Date }) => {
    // Paid a few minutes after it was placed, so the queue counts its working days from then.
    const paidAt = new Date(order.createdAt.getTime() + 5 * 60_000);
    await transitionOrder(db, order.id, 'paid', 'system', '', { paidAt }, paidAt);
    await transitionOrder(db, order.id, 'under_review', 'system');
  };

  // The order whose line is active.
  const activeOrder = await place(2, 40);
  await paid(activeOrder);
  await approveOrder(db, actor, activeOrder.orderNo);
  await shipOrder(db, actor, activeOrder.orderNo, 'JP1234567890');
  const { msisdn, iccid } = await freeLine(db);
  await activateOrder(db, actor, activeOrder.orderNo, msisdn, iccid);
  // The line's number is also the bound phone, so plan changes and SMS work for the demo.
  const bound = `+81${msisdn.slice(1)}`;
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, bound)).limit(1);
  if (!holder) await db.update(users).set({ mobile: bound }).where(eq(users.id, userId));
  const today = tokyoDate(now);
  const days = Array.from({ length: 30 }, (_, i) => ({
    day: addDays(today, -30 + i),
    mb: 300 + ((i * 137) % 700),
  }));
  // The demo line has used its whole quota this month (issue 31): today takes what is left of
  // the plan's data, so a tester sees it throttled and can buy 1 GB after hitting the limit.
  const [plan] = await db.select({ dataGb: plans.dataGb }).from(plans).where(eq(plans.id, 2)).limit(1);
  const usedThisMonth = days.filter((d) => d.day.slice(0, 7) === today.slice(0, 7)).reduce((sum, d) => sum + d.mb, 0);
  days.push({ day: today, mb: Math.max(1, (plan?.dataGb ?? 0) * 1024 - usedThisMonth) });
  await importUsage(db, actor, days.map((d) => `${msisdn},${d.day},${d.mb}`).join('\n'));

  // One order in each other state.
  await place(1, 0);
  // A voice line (issue 29): placed without photos, waiting for its IC chip or JPKI check
  // before it can be paid. A database seeded before voice plans existed gets the seed's one.
  let [voice] = await db.select({ id: plans.id }).from(plans).where(eq(plans.lineType, 'voice')).limit(1);
  if (!voice) {
    const seedVoice = seedPlans.find((p) => p.lineType === 'voice')!;
    [voice] = await db.insert(plans).values(seedVoice).onConflictDoNothing().returning({ id: plans.id });
  }
  if (voice) await place(voice.id, 0);
  const reviewing = await place(1, 2);
  await paid(reviewing);
  const rejected = await place(3, 3);
  await paid(rejected);
  await transitionOrder(db, rejected.id, 'rejected', actor, 'documents refused', {
    rejections: [
      { document: 'passport', reason: 'glare_or_cropped', note: '护照照片反光，号码看不清，请重新拍摄', lang: 'cn' },
      { document: 'residence_back', reason: 'blurry', note: '' },
    ],
  });
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
  await billRun(db, actor, lastMonth, keepNumberFee);
  await db.update(bills).set({ status: 'paid', paidAt: now }).where(eq(bills.month, lastMonth));
  await billRun(db, actor, thisMonth, keepNumberFee);
  await db.update(orders).set({ updatedAt: now }).where(eq(orders.userId, userId));
  return { email: DEMO_EMAIL, password: DEMO_PASSWORD, msisdn };
}

/** The sandbox carrier's 30 profiles (docs/samples), so an eSIM order can be tried at once; only into an empty stock. */
export async function sampleEsimStock(esim: EsimDeps): Promise<number> {
  const [stocked] = await esim.db.select({ id: esimProfiles.id }).from(esimProfiles).limit(1);
  if (stocked) return 0;
  const csv = readFileSync(
    join(import.meta.dirname, '..', '..', 'docs', 'samples', 'esim-profiles-sandbox.csv'),
    'utf8',
  );
  return (await importProfiles(esim, csv, 'staff:demo-seed')).imported;
}

/** A signature as the purchase page's pad draws it: dark strokes on white. */
function signaturePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240" viewBox="0 0 600 240">
    <rect width="600" height="240" fill="#fff"/>
    <path d="M60 170 C 90 60, 130 60, 140 150 S 200 210, 230 120 C 250 70, 280 80, 290 150 C 300 200, 340 190, 360 130 C 380 80, 420 90, 430 160 C 440 200, 500 190, 540 110"
      stroke="#1a1a1a" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
