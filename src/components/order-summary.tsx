import { useTranslation } from 'react-i18next';
import type { LineType } from '../../contract/identity-rules';
import { taxOf, withTax } from '../../contract/pricing';
import { formatYen } from '../lib/format';
import { lineTypeText } from './line-type-text';
import './facts-list.css';

export interface OrderFacts {
  /** Absent before the order is placed (the terms step). */
  orderNo?: string;
  planName: string;
  /** Data-only or voice with a phone number, when the plan says (a draft kept from before may not). */
  lineType?: LineType;
  /** The first payment and the monthly rent before tax, in yen: shown with tax, the tax beside. */
  price: number;
  monthlyRent: number;
  /** The order's information, or the draft's: delivery method and address fields. */
  info: Record<string, string>;
  /** The pickup store's name when the SIM is collected. */
  storeName?: string;
  /** The eSIM fee before tax, part of the first payment (`price` includes it); 0 or absent: none. */
  esimFee?: number;
}

/** How the SIM comes, in words: by post to the address, collected at the store, or as an eSIM. */
export function deliveryText(t: (key: string) => string, info: Record<string, string>, storeName?: string): string {
  if (info.delivery === 'esim') return t('purchase.deliveryEsim');
  const address = [info.postcode, info.province, info.city, info.district, info.block, info.building]
    .filter(Boolean)
    .join(' ');
  return info.delivery === 'pickup'
    ? `${t('purchase.deliveryPickup')}${storeName ? `：${storeName}` : ''}`
    : `${t('purchase.deliveryMail')}：${address}`;
}

export { lineTypeText };

/** What the customer pays for, wherever they are asked to agree or pay. */
export function OrderSummary({ facts }: { facts: OrderFacts }) {
  const { t } = useTranslation();
  const { info } = facts;
  // Japan's total-price display: the price with tax, and how much of it is tax.
  const taxed = (amount: number) =>
    t('price.withTaxAmount', { amount: formatYen(withTax(amount)), tax: formatYen(taxOf(amount)) });
  return (
    <section className="order-card order-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('order.summaryTitle')}</h2>
      <dl className="facts-list">
        {facts.orderNo && (
          <div>
            <dt>{t('order.numberLabel')}</dt>
            <dd>{facts.orderNo}</dd>
          </div>
        )}
        <div>
          <dt>{t('order.plan')}</dt>
          <dd>
            {facts.planName}
            {lineTypeText(t, facts.lineType) && ` · ${lineTypeText(t, facts.lineType)}`}
          </dd>
        </div>
        <div>
          <dt>{t('order.firstPayment')}</dt>
          <dd>{taxed(facts.price)}</dd>
        </div>
        {!!facts.esimFee && (
          <div>
            <dt>{t('esim.feeLabel')}</dt>
            <dd>{taxed(facts.esimFee)}</dd>
          </div>
        )}
        <div>
          <dt>{t('home.monthlyRent')}</dt>
          <dd>
            {taxed(facts.monthlyRent)}
            {t('home.perMonth')}
          </dd>
        </div>
        <div>
          <dt>{t('purchase.delivery')}</dt>
          <dd>{deliveryText(t, info, facts.storeName)}</dd>
        </div>
      </dl>
    </section>
  );
}
