import type { ShareCard } from '../../bridges/types';
import type { PlanInfo } from '../../contract/api';
import { withTax } from '../../contract/pricing';
import { formatYen } from '../lib/format';

type Translate = (key: string, options?: Record<string, string | number>) => string;

const IMAGE = '/h5/share-card.png';

/**
 * What a link shared from a page shows (WeChat's share card, and the Open Graph tags of a
 * server-drawn page): home, the plan list, or one plan. Every other page shares home, so a
 * shared link never carries an order, a payment or a personal page.
 */
export function shareCardFor(
  path: string,
  search: string,
  t: Translate,
  plans: readonly PlanInfo[],
  origin: string,
  /** The plan chosen on the plan list, shared when the link names none. */
  chosenPlanId?: number,
): ShareCard {
  const image = `${origin}${IMAGE}`;
  if (path === '/pages/process/setmeal') {
    const named = new URLSearchParams(search).get('plan');
    const id = named ? Number(named) : chosenPlanId;
    const plan = plans.find((p) => p.id === id);
    if (plan)
      return {
        title: t('share.planTitle', { name: plan.name, price: formatYen(withTax(plan.activityPrice)) }),
        description: plan.description || t('share.plansDescription'),
        link: `${origin}/h5/pages/process/setmeal?plan=${plan.id}`,
        imageUrl: image,
      };
    return {
      title: t('share.plansTitle'),
      description: t('share.plansDescription'),
      link: `${origin}/h5/pages/process/setmeal`,
      imageUrl: image,
    };
  }
  return {
    title: t('share.homeTitle'),
    description: t('share.homeDescription'),
    link: `${origin}/h5/`,
    imageUrl: image,
  };
}
