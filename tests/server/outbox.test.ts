import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema';
import {
  deliverMessage,
  dueMessageIds,
  MAX_ATTEMPTS,
  RETRY_AFTER_MINUTES,
  type Transports,
} from '../../server/notifications/outbox';
import { freshDatabase, type TestDatabase } from './helpers/databases';

const MINUTE = 60_000;

describe('a delivery that keeps failing', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(() => database.drop());

  it('is tried again after 1, 5, 15 and 60 minutes, then kept as failed and never sent again', async () => {
    expect(RETRY_AFTER_MINUTES).toEqual([1, 5, 15, 60]);
    expect(MAX_ATTEMPTS).toBe(5);
    const db = database.handle.db;
    const tried: Date[] = [];
    let clock = new Date('2026-11-02T01:00:00Z');
    const down = () => {
      tried.push(clock);
      return Promise.reject(new Error('502 gateway down'));
    };
    const transports: Transports = {
      mail: { kind: 'smtp', send: down },
      sms: { kind: 'http', send: down },
      wechat: { kind: 'wechat', send: down },
    };
    const deps = { db, transports, origin: 'https://sim.example.jp' };
    const [row] = await db
      .insert(outbox)
      .values({ channel: 'sms', recipient: '09012345678', subject: 'SMS', body: 'hello', nextAttemptAt: clock })
      .returning();
    const id = row!.id;

    expect(await deliverMessage(deps, id, clock)).toBe('retry');
    for (const wait of RETRY_AFTER_MINUTES) {
      // Not a moment before its wait has passed, neither by the sweep nor by a job sent early.
      const early = new Date(clock.getTime() + wait * MINUTE - 1);
      expect(await dueMessageIds(db, early)).not.toContain(id);
      expect(await deliverMessage(deps, id, early)).toBe('skipped');
      clock = new Date(clock.getTime() + wait * MINUTE);
      expect(await dueMessageIds(db, clock)).toContain(id);
      expect(await deliverMessage(deps, id, clock)).toBe(wait === 60 ? 'failed' : 'retry');
    }

    const start = tried[0]!.getTime();
    expect(tried.map((at) => (at.getTime() - start) / MINUTE)).toEqual([0, 1, 6, 21, 81]);
    const [failed] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: '502 gateway down' });
    const muchLater = new Date(clock.getTime() + 7 * 24 * 60 * MINUTE);
    expect(await dueMessageIds(db, muchLater)).not.toContain(id);
    expect(await deliverMessage(deps, id, muchLater)).toBe('skipped');
    expect(tried).toHaveLength(MAX_ATTEMPTS);
  });
});
