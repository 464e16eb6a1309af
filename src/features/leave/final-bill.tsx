import { useTranslation } from 'react-i18next';
import { billMonthParams } from '../../../contract/bill-rules';
import type { CancellationQuote } from '../../../contract/leave-views';
import { formatYen } from '../../lib/format';

/** The rule in words, the final bill item by item with its total, and what to do with the SIM. */
export function FinalBill({ quote }: { quote: CancellationQuote }) {
  const { t } = useTranslation();
  const yen = (amount: number) => t('price.yen', { amount: formatYen(amount) });
  return (
    <>
      <p data-testid="leave-rule">
        {t(`leave.rule.${quote.rule}`, { lastDay: quote.lastDay, paidUntil: quote.paidUntil })}
      </p>
      <h3>{t('leave.billTitle')}</h3>
      {quote.items.length === 0 ? (
        <p>{t('leave.nothingOwed')}</p>
      ) : (
        <dl className="facts-list" data-testid="leave-bill">
          {quote.items.map((item) => (
            <div key={`${item.code}-${item.month ?? ''}-${item.billNo ?? ''}`}>
              <dt>{t(`leave.item.${item.code}`, item.month ? billMonthParams(item.month) : {})}</dt>
              <dd>{yen(item.total)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('leave.total')}</dt>
            <dd data-testid="leave-total">{yen(quote.total)}</dd>
          </div>
        </dl>
      )}
      {quote.simReturn ? (
        <div className="notice">
          <h3>{t('leave.simReturnTitle')}</h3>
          <p>{t('leave.simReturn')}</p>
        </div>
      ) : (
        <p className="field-hint">{t('leave.esimNothing')}</p>
      )}
    </>
  );
}
