import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../contract/api';
import { outbox, users } from '../../server/db/schema';
import { billRun, remindBills } from '../../server/billing/billing';
import { backends } from './helpers/databases';
import { activeLine } from './helpers/orders';
import { signUp } from './helpers/purchase';
import { createTestApp, type TestApp } from './helpers/test-app';

// The bill's month is stored as 2026-12; a customer reads 2026年12月 in either language. The due
// date (2026-12-31) may still carry the ISO form, so only the month standing alone is refused.
const isoMonthAlone = /2026-12(?!-\d)/;

describe.each(backends)('bill notices name the month as people write it on %s', (backend) => {
  let t: TestApp;
  const db = () => t.database.handle.db;

  async function lineOwner(name: string, lang: Lang, mobile: string, msisdn: string, iccid: string) {
    const { token, id } = await signUp(t.app, name);
    await db().update(users).set({ lang, mobile }).where(eq(users.id, id));
    await activeLine(t.app, token, { msisdn, iccid, planId: '2' });
    return id;
  }

  const owners: Partial<Record<Lang, number>> = {};
  beforeAll(async () => {
    t = await createTestApp(backend);
    owners.cn = await lineOwner('month-cn', 'cn', '+8613800138011', '080-2222-0001', '8981100000000000201');
    owners.ja = await lineOwner('month-ja', 'ja', '+819012340011', '080-2222-0002', '8981100000000000202');
    await billRun(db(), 'staff:t', '2026-12');
    // Due on the 31st: three days before it, then the day after it.
    await remindBills(db(), '2026-12-28');
    await remindBills(db(), '2027-01-01');
  });
  afterAll(() => t.close());

  it.each(['cn', 'ja'] as const)('in %s: issued, due and overdue, by mail and SMS', async (lang) => {
    const rows = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, owners[lang]!), like(outbox.kind, 'bill_%')));
    const sent = rows.map((r) => `${r.kind}/${r.channel}`).sort();
    expect(sent).toEqual([
      'bill_due/mail',
      'bill_due/sms',
      'bill_issued/mail',
      'bill_issued/sms',
      'bill_overdue/mail',
      'bill_overdue/sms',
    ]);
    for (const row of rows) {
      expect(row.body, `${row.kind}/${row.channel}`).toContain('2026年12月');
      expect(row.body, `${row.kind}/${row.channel}`).not.toMatch(isoMonthAlone);
      expect(row.subject ?? '', `${row.kind}/${row.channel}`).not.toMatch(isoMonthAlone);
    }
    const issued = rows.find((r) => r.kind === 'bill_issued' && r.channel === 'mail')!;
    expect(issued.subject).toContain(lang === 'cn' ? '2026年12月的账单' : '2026年12月分のご請求');
  });
});
