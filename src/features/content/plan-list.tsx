import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { PlanInfo } from '../../../contract/api';
import { taxOf, withTax } from '../../../contract/pricing';
import { formatYen } from '../../lib/format';
import type { Resource } from '../../lib/resource';
import { lineTypeText } from '../../components/line-type-text';
import { ResourceState } from '../../components/resource-state';
import './plan-list.css';

interface Props {
  plans: Resource<PlanInfo[]>;
  onChoose: (plan: PlanInfo) => void;
  /** The plan already chosen, marked as such. */
  selectedId?: number;
}

/** Plans with every price as the customer pays it: 10 % consumption tax included. */
export const PlanList = observer(function PlanList({ plans, onChoose, selectedId }: Props) {
  const { t } = useTranslation();
  return (
    <ResourceState resource={plans} emptyKey="home.plansEmpty" placeholderCount={3} placeholderClass="plan-card">
      <ul className="plan-list">
        {plans.data.map((plan) => (
          <li key={plan.id} className={plan.id === selectedId ? 'plan-card plan-selected' : 'plan-card'}>
            <h3>{plan.name}</h3>
            {/* Whether a phone number comes with it: the law asks more of a voice line's buyer. */}
            {lineTypeText(t, plan.lineType) && (
              <p className={`plan-line-type plan-line-${plan.lineType}`} data-testid="plan-line-type">
                {lineTypeText(t, plan.lineType)}
              </p>
            )}
            {/* Issue 30: the plan may come as an eSIM, installed in minutes, beside the posted SIM. */}
            {plan.esim && (
              <p className="plan-line-type" data-testid="plan-esim">
                {t('home.esimOffered')}
              </p>
            )}
            <p className="plan-data">
              {t('home.planData', { gb: plan.dataGb })} · {t('home.planThrottle', { kbps: plan.throttledKbps })}
            </p>
            <p className="plan-description">{plan.description}</p>
            <dl className="plan-prices">
              <div>
                <dt>{t('home.activityPrice')}</dt>
                <dd className="price-main">{t('price.yen', { amount: formatYen(withTax(plan.activityPrice)) })}</dd>
              </div>
              <div>
                <dt>{t('home.originalPrice')}</dt>
                <dd>
                  <s>{t('price.yen', { amount: formatYen(withTax(plan.originalPrice)) })}</s>
                </dd>
              </div>
              <div>
                <dt>{t('home.monthlyRent')}</dt>
                <dd>
                  {t('price.yen', { amount: formatYen(withTax(plan.monthlyRent)) })}
                  {t('home.perMonth')}
                </dd>
              </div>
            </dl>
            {/* Japan's total-price display: prices with tax, and how much of each is tax. */}
            <p className="plan-tax">
              {t('home.taxBreakdown', {
                first: formatYen(taxOf(plan.activityPrice)),
                monthly: formatYen(taxOf(plan.monthlyRent)),
              })}
            </p>
            <button
              type="button"
              className={plan.id === selectedId ? 'button button-primary' : 'button button-outline'}
              onClick={() => onChoose(plan)}
              aria-pressed={selectedId === undefined ? undefined : plan.id === selectedId}
            >
              {plan.id === selectedId ? t('home.chosenPlan') : t('home.choosePlan')}
            </button>
          </li>
        ))}
      </ul>
    </ResourceState>
  );
});
