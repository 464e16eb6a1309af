import { describe, expect, it } from 'vitest';
import { withTax } from '../../contract/pricing';
import { seedBanners, seedPlans } from '../../server/db/seed';

// A banner may only promise what the prices give: the first payment is the activity price
// with tax (server/orders/orders.ts), shown with the original price struck through.
describe('banners and prices agree', () => {
  const cheapestFirstPayment = Math.min(...seedPlans.map((p) => withTax(p.activityPrice)));
  const titles = seedBanners.flatMap((b) => [b.titleCn, b.titleJa, b.subtitleCn ?? '', b.subtitleJa ?? '']);

  it('names as "from" price exactly the cheapest first payment with tax', () => {
    const amounts = titles.flatMap((title) =>
      [...title.matchAll(/¥([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, ''))),
    );
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toBe(cheapestFirstPayment);
  });

  it('promises no half price, which no plan gives', () => {
    const halfPriced = seedPlans.some(
      (p) => p.activityPrice * 2 <= p.monthlyRent || p.activityPrice * 2 <= p.originalPrice,
    );
    expect(halfPriced).toBe(false);
    for (const title of titles) expect(title).not.toMatch(/半价|半額/);
  });

  it('prices every plan at or under its original price', () => {
    for (const plan of seedPlans) expect(plan.activityPrice).toBeLessThanOrEqual(plan.originalPrice);
  });
});
