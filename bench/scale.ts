import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client.js';

/**
 * 10k users with two sessions each, 50k orders, 10k lines with 50 days of usage each
 * (500k rows), generated in SQL so seeding takes seconds. `factor` shrinks it for a
 * quick run. Returns the row counts, so the report says what was measured.
 */
export async function seedScale(db: Database, factor = 1): Promise<Record<string, number>> {
  const users = Math.round(10_000 * factor);
  const orders = Math.round(50_000 * factor);
  const lines = Math.round(10_000 * factor);
  await db.execute(sql`insert into users (username, email, lang)
    select 'scale' || g, 'scale' || g || '@example.com', 'cn' from generate_series(1, ${users}) g
    on conflict do nothing`);
  await db.execute(sql`insert into user_tokens (user_id, token_hash, expires_at)
    select u.id, md5(u.id::text || '-' || t), now() + interval '30 days'
    from users u cross join generate_series(1, 2) t where u.username like 'scale%'
    on conflict do nothing`);
  await db.execute(sql`insert into orders (order_no, user_id, plan_id, status, price, tax, total, monthly_rent, plan_name, info, pay_before)
    select 'SC' || g, (select min(id) from users where username like 'scale%') + (g % ${users}), 1, 'active', 1800, 180, 1980, 1800,
      '{"cn":"x","ja":"x"}'::jsonb, '{}'::jsonb, now()
    from generate_series(1, ${orders}) g on conflict do nothing`);
  await db.execute(sql`insert into lines (user_id, order_id, plan_id, msisdn, iccid)
    select o.user_id, o.id, 1, '070' || lpad(o.id::text, 8, '0'), '8981' || lpad(o.id::text, 15, '0')
    from orders o where o.order_no like 'SC%' order by o.id limit ${lines} on conflict do nothing`);
  await db.execute(sql`insert into usage_records (line_id, day, megabytes)
    select l.id, (date '2026-10-01' + d), 100 + (l.id + d) % 900
    from lines l cross join generate_series(0, 49) d where l.msisdn like '070%'
    on conflict do nothing`);
  await db.execute(sql`analyze`);
  const counts: Record<string, number> = {};
  for (const table of ['users', 'user_tokens', 'orders', 'usage_records']) {
    // Both drivers' results carry `rows`, but the union of their result types does not say so.
    const result: unknown = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`);
    const { rows } = result as { rows: { n: number }[] };
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}
