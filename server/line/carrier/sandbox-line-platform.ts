import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { portOutValidUntil } from '../../../contract/lifecycle-rules.js';
import type { Database } from '../../db/client.js';
import { carrierRequests } from '../../db/schema.js';
import type { CarrierOperation, LinePlatform } from './line-platform.js';

/**
 * The carrier's line platform as this server plays it: each request is kept in
 * carrier_requests by its idempotency key (so every server process sees one carrier, and a
 * repeat answers the first answer), which is also what staff and tests read back.
 */
export function sandboxLinePlatform(db: Database): LinePlatform {
  const record = async (
    key: string,
    operation: CarrierOperation,
    fields: { iccid?: string; msisdn?: string },
    result: Record<string, string> = {},
  ): Promise<Record<string, string>> => {
    const [inserted] = await db
      .insert(carrierRequests)
      .values({ requestKey: key, operation, iccid: fields.iccid ?? null, msisdn: fields.msisdn ?? null, result })
      .onConflictDoNothing()
      .returning({ result: carrierRequests.result });
    if (inserted) return inserted.result ?? {};
    const [first] = await db.select().from(carrierRequests).where(eq(carrierRequests.requestKey, key)).limit(1);
    return first?.result ?? {};
  };
  return {
    name: 'sandbox',
    async suspend(p) {
      await record(p.key, 'suspend', p);
    },
    async resume(p) {
      await record(p.key, 'resume', p);
    },
    async swapSim(p) {
      await record(p.key, 'swap_sim', { iccid: p.newIccid, msisdn: p.msisdn }, { oldIccid: p.oldIccid });
    },
    async terminate(p) {
      await record(p.key, 'terminate', p);
    },
    async addData(p) {
      await record(p.key, 'add_data', p, { megabytes: String(p.megabytes), validUntil: p.validUntil });
    },
    async reserveMnp(p) {
      const result = await record(
        p.key,
        'reserve_mnp',
        { msisdn: p.msisdn },
        {
          reservationNo: String(randomInt(0, 10_000_000_000)).padStart(10, '0'),
          validUntil: portOutValidUntil(p.today),
        },
      );
      return { reservationNo: result.reservationNo!, validUntil: result.validUntil! };
    },
  };
}
