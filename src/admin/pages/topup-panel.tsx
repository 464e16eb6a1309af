import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addonById } from '../../../contract/topup-rules';
import type { AdminTopups } from '../../../contract/topup-views';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { LoadView } from '../components/load-view';
import { formatDay, formatTime, yen } from '../format';
import { useAdmin } from '../stores/store-context';

const size = (mb: number) => (mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`);

/**
 * A customer's data top-ups (issue 31) on their page: each top-up with its source, status,
 * last day and charge; the automatic top-up's settings and the card as the gateway shows it.
 * Support may turn automatic top-up off after a question (audited on the server).
 */
export const TopupPanel = observer(function TopupPanel({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { topups } = useAdmin();
  useEffect(() => {
    void topups.open(customerId);
    return () => topups.reset();
  }, [topups, customerId]);
  return (
    <section className="panel" aria-labelledby="topup-panel-heading">
      <h2 id="topup-panel-heading">{t('admin.topup.title')}</h2>
      <LoadView loadable={topups.panel}>
        {({ panel }) => (panel ? <PanelBody panel={panel} /> : <p className="empty">{t('admin.topup.noLine')}</p>)}
      </LoadView>
    </section>
  );
});

const PanelBody = observer(function PanelBody({ panel }: { panel: AdminTopups }) {
  const { t } = useTranslation();
  const { topups, language } = useAdmin();
  const [asking, setAsking] = useState(false);
  const { auto, card } = panel;
  const lang = language.lang;
  return (
    <>
      <dl className="facts">
        <div>
          <dt>{t('admin.topup.auto')}</dt>
          <dd>
            {auto.enabled
              ? t('admin.topup.autoOn', { size: size(addonById(auto.addonId)?.megabytes ?? 0), cap: auto.monthlyCap })
              : t('admin.topup.autoOff')}
            {!auto.enabled && auto.disabledReason ? ` (${t(`admin.topup.offReasons.${auto.disabledReason}`)})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('admin.topup.usedThisMonth')}</dt>
          <dd>{t('admin.topup.count', { count: auto.usedThisMonth })}</dd>
        </div>
        <div>
          <dt>{t('admin.topup.card')}</dt>
          <dd>
            {card ? `${card.maskedNumber} (${card.expiry.slice(2)}/${card.expiry.slice(0, 2)})` : t('admin.none')}
          </dd>
        </div>
      </dl>
      {auto.enabled && (
        <>
          <FormError error={topups.turnOff.error} />
          <button
            type="button"
            className="button button-danger"
            disabled={topups.turnOff.running}
            onClick={() => setAsking(true)}
          >
            {t('admin.topup.turnOff')}
          </button>
          <ConfirmDialog
            open={asking}
            title={t('admin.topup.turnOffTitle')}
            confirmLabel={t('admin.topup.turnOff')}
            tone="danger"
            onCancel={() => setAsking(false)}
            onConfirm={() => {
              setAsking(false);
              void topups.turnOff.run();
            }}
          >
            <p>{t('admin.topup.turnOffBody', { number: panel.msisdn })}</p>
          </ConfirmDialog>
        </>
      )}
      {panel.topups.length === 0 ? (
        <p className="empty">{t('admin.none')}</p>
      ) : (
        <table>
          <caption>{t('admin.topup.list')}</caption>
          <thead>
            <tr>
              {['addon', 'source', 'status', 'validUntil', 'charge', 'createdAt'].map((key) => (
                <th scope="col" key={key}>
                  {t(`admin.topup.fields.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {panel.topups.map((row) => (
              <tr key={row.id}>
                <td>{size(row.megabytes)}</td>
                <td>{t(`admin.topup.sources.${row.source}`)}</td>
                <td>{t(`admin.topup.statuses.${row.status}`)}</td>
                <td>{row.validUntil ? formatDay(row.validUntil, lang) : '—'}</td>
                <td>
                  <span className="mono">{row.chargeNo}</span> {yen(row.price)}
                </td>
                <td>{formatTime(row.createdAt, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
});
