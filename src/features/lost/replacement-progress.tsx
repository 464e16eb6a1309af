import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReplacementView } from '../../api/lost';
import { formatYen } from '../../lib/format';
import type { LostStore } from './lost-store';
import { payPath } from './replacement-order';

/** The replacement under way (or the last one): its state in words, the next step, pay or withdraw. */
export const ReplacementProgress = observer(function ReplacementProgress({
  lost,
  replacement,
}: {
  lost: LostStore;
  replacement: ReplacementView;
}) {
  const { t } = useTranslation();
  const r = replacement;
  const hint =
    r.status === 'preparing' && r.kind === 'esim'
      ? 'lost.hint.preparingEsim'
      : ['preparing', 'shipped', 'ready_for_pickup', 'done'].includes(r.status)
        ? `lost.hint.${r.status}`
        : null;
  return (
    <section className="card lost-card" aria-labelledby="progress-title" data-testid="replacement">
      <h2 id="progress-title">{t('lost.chooseTitle')}</h2>
      {/* A state a newer server names that this app does not know reads as under way, never a key. */}
      <p role="status" className="lost-status">
        {t(`lost.status.${r.status}`, { defaultValue: t('lost.status.preparing') })}
      </p>
      <dl className="facts-list">
        <div>
          <dt>{t('lost.replacementNo')}</dt>
          <dd>{r.replacementNo}</dd>
        </div>
        <div>
          <dt>{t('lost.kindLegend')}</dt>
          <dd>{t(`lost.kind.${r.kind}`)}</dd>
        </div>
        {r.address && (
          <div>
            <dt>{t('lost.address')}</dt>
            <dd>{r.address}</dd>
          </div>
        )}
        {r.trackingNo && (
          <div>
            <dt>{t('lost.tracking')}</dt>
            <dd>{r.trackingNo}</dd>
          </div>
        )}
      </dl>
      {hint && <p>{t(hint)}</p>}
      {r.status === 'awaiting_payment' && (
        <>
          <p>{t('lost.fee', { amount: formatYen(r.fee) })}</p>
          {r.chargeNo && (
            <Link className="button button-primary button-block" to={payPath(r.chargeNo)}>
              {t('lost.pay')}
            </Link>
          )}
          <button
            type="button"
            className="button button-outline button-block"
            disabled={lost.busy}
            onClick={() => void lost.cancel()}
          >
            {t('lost.cancel')}
          </button>
        </>
      )}
    </section>
  );
});
