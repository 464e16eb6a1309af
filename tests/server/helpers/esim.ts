import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { orders } from '../../../server/db/schema';
import { transitionOrder } from '../../../server/orders/orders';
import type { TestDatabase } from './databases';
import { placeOrder } from './purchase';
import { testConfig } from './test-app';

/** The seed's plan offered as an eSIM (standard-20, a data plan: identity by photos, reviewed by staff). */
export const ESIM_PLAN = '2';
export const CHECKLIST = { nameAndBirthday: true, cardValid: true, address: true, visaType: true };

/** `n` sandbox profiles as the carrier's CSV, ICCIDs from `from`; matching IDs recognisable in a search. */
export function profileCsv(n: number, from = 0, options: { bom?: boolean; crlf?: boolean } = {}): string {
  const rows = ['iccid,smdp_address,matching_id,confirmation_code'];
  for (let i = from; i < from + n; i += 1)
    rows.push(
      `898100000000${String(i).padStart(7, '0')},smdp.sandbox.example.com,${matchingIdOf(i)},${i % 2 ? '' : '1234'}`,
    );
  return `${options.bom ? '\uFEFF' : ''}${rows.join(options.crlf ? '\r\n' : '\n')}\n`;
}
export const matchingIdOf = (i: number) => `K2-SECRET${String(i).padStart(4, '0')}-ZZ`;
export const iccidOf = (i: number) => `898100000000${String(i).padStart(7, '0')}`;

/** An app on `database` whose pino lines (every request, every domain log) are kept in `lines`. */
export async function loggedApp(database: TestDatabase, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    database: database.handle,
    config: testConfig({ ESIM_STOCK_LOW: '1', ESIM_STOCK_ALERT_TO: 'stock@stock.example', ...env }),
    logger: { level: 'info', stream },
  });
  return { app, lines };
}

/** An eSIM order placed (form as the app sends it) and paid, waiting for review. */
export async function esimOrderUnderReview(app: FastifyInstance, token: string) {
  const orderNo = await placeOrder(app, token, ESIM_PLAN, { delivery: 'esim', esimConfirm: 'yes' });
  const [row] = await app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  await transitionOrder(app.db, row!.id, 'paid', 'system');
  await transitionOrder(app.db, row!.id, 'under_review', 'system');
  return { orderNo, id: row!.id };
}
