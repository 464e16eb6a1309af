import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { UsageBar } from '../../components/usage-bar';
import { Link } from 'react-router-dom';
import type { TopupsPage, TopupView } from '../../api/topup';
import { formatYen } from '../../lib/format';
import type { TopupStore } from './topup-store';
import { sizeText } from './topup-words';

const gb = (mb: number) => (mb / 1024).toFixed(1);

/** This month's use against the quota with the add-ons still valid. */
export function TopupUsage({ data }: { data: TopupsPage }) {
  const { t } = useTranslation();
  const { usage } = data;
  return (
    <section className="card" aria-labelledby="topup-usage-title" data-testid="topup-usage">
      <h2 id="topup-usage-title">{t('line.usageTitle')}</h2>
      <p>{t('topup.usedOf', { used: gb(usage.usedMb), quota: gb(usage.quotaMb) })}</p>
      {usage.addonMb > 0 && <p className="field-hint">{t('topup.withAddons', { size: sizeText(usage.addonMb) })}</p>}
      <UsageBar percent={usage.percent} />
      <p className={usage.throttled ? 'usage-throttled' : 'usage-ok'}>
        {usage.throttled ? t('topup.atLimit') : t('line.fullSpeed')}
      </p>
    </section>
  );
}

/** The top-up waiting for payment: pay it, or withdraw it. */
export const OpenTopup = observer(function OpenTopup({ store, open }: { store: TopupStore; open: TopupView }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="open-topup-title">
      <h2 id="open-topup-title">{t('topup.openTitle', { size: sizeText(open.megabytes) })}</h2>
      <p>{t('topup.openBody', { price: t('price.yen', { amount: formatYen(open.price) }) })}</p>
      <Link
        className="button button-primary button-block"
        to={`/pages/user/pay?chargeNo=${encodeURIComponent(open.chargeNo)}`}
      >
        {t('topup.pay')}
      </Link>
      <button
        type="button"
        className="button button-outline button-block"
        disabled={store.busy}
        onClick={() => void store.withdraw()}
      >
        {store.busy ? t('account.submitting') : t('topup.withdraw')}
      </button>
    </section>
  );
});

/** The line's recent top-ups, in words. */
export function RecentTopups({ topups }: { topups: TopupView[] }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="recent-topups-title">
      <h2 id="recent-topups-title">{t('topup.recentTitle')}</h2>
      {topups.length === 0 ? (
        <p className="inline-status">{t('topup.noneYet')}</p>
      ) : (
        <ul className="topup-recent">
          {topups.map((r) => (
            <li key={r.id}>
              <span>
                {sizeText(r.megabytes)} · {t(`topup.source.${r.source}`)}
              </span>
              <span>
                {t(`topup.status.${r.status}`)}
                {r.status === 'applied' && r.validUntil ? ` · ${t('topup.until', { date: r.validUntil })}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
