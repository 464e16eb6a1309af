import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RefundList } from '../../../contract/admin-api';
import { REFUND_STATUSES } from '../../../contract/console-values';
import { ConfirmDialog } from '../components/confirm-dialog';
import { errorText } from '../components/errors';
import { SelectField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime, payWay, refundReasonText, targetText, yen } from '../format';
import { useAdmin } from '../stores/store-context';

type RefundRow = RefundList['refunds'][number];

/** Refunds, among them duplicate payments whose refund keeps failing and waits for staff. */
export const RefundsPage = observer(function RefundsPage() {
  const { t } = useTranslation();
  const { money, language } = useAdmin();
  const [asking, setAsking] = useState<RefundRow | null>(null);
  useEffect(() => {
    void money.loadRefunds();
  }, [money]);
  const confirm = () => {
    if (asking) void money.retry.run(asking.refundNo);
    setAsking(null);
  };
  const retried = money.retry.done ? money.retried : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void money.loadRefunds();
  };
  return (
    <Page title={t('admin.refunds.title')} wide>
      <p className="lead">{t('admin.refunds.intro')}</p>
      <form className="filters" role="search" onSubmit={submit}>
        <SelectField
          label={t('admin.order.status')}
          name="status"
          value={money.refundStatus}
          onChange={(status) => money.setRefundStatus(status)}
          options={[
            { value: '', label: t('admin.all') },
            ...REFUND_STATUSES.map((value) => ({ value, label: t(`admin.refundStatus.${value}`) })),
          ]}
        />
        <button type="submit" className="button button-primary" disabled={money.refunds.status === 'loading'}>
          {t('admin.filter')}
        </button>
      </form>
      <p className={retried ? 'notice' : undefined} role="status">
        {retried
          ? t('admin.refunds.retried', {
              no: retried.refundNo,
              amount: yen(retried.amount),
              status: t(`admin.refundStatus.${retried.status}`, { defaultValue: retried.status }),
            })
          : null}
      </p>
      {money.retry.error ? (
        <p className="form-error" role="alert">
          {errorText(t, money.retry.error)}
        </p>
      ) : null}
      <LoadView loadable={money.refunds}>
        {({ refunds }) =>
          refunds.length === 0 ? (
            <p className="empty">{t('admin.none')}</p>
          ) : (
            <table>
              <caption className="visually-hidden">{t('admin.refunds.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.refunds.number')}</th>
                  <th scope="col">{t('admin.payments.number')}</th>
                  <th scope="col">{t('admin.payments.target')}</th>
                  <th scope="col">{t('admin.payments.amount')}</th>
                  <th scope="col">{t('admin.refund.reason')}</th>
                  <th scope="col">{t('admin.order.status')}</th>
                  <th scope="col">{t('admin.refunds.attempts')}</th>
                  <th scope="col">{t('admin.order.createdAt')}</th>
                  <th scope="col">{t('admin.refunds.action')}</th>
                </tr>
              </thead>
              <tbody>
                {refunds.map((refund) => (
                  <tr key={refund.refundNo}>
                    <td>{refund.refundNo}</td>
                    <td>
                      <Link to={`/money/payments/${refund.paymentNo}`}>{refund.paymentNo}</Link>
                    </td>
                    <td>{targetText(t, refund.target)}</td>
                    <td>{yen(refund.amount)}</td>
                    <td>{refundReasonText(t, refund.reason)}</td>
                    <td>
                      {t(`admin.refundStatus.${refund.status}`, { defaultValue: refund.status })}
                      {refund.lastError ? <span className="muted"> ({refund.lastError})</span> : null}
                    </td>
                    <td>{refund.attempts}</td>
                    <td>{formatTime(refund.createdAt, language.lang)}</td>
                    <td>
                      {refund.status === 'refunded' ? null : (
                        <button
                          type="button"
                          className="button button-small"
                          disabled={money.retry.running}
                          aria-label={t('admin.refunds.retryOne', { no: refund.refundNo })}
                          onClick={() => setAsking(refund)}
                        >
                          {money.retrying === refund.refundNo ? t('admin.refunds.retrying') : t('admin.refunds.retry')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadView>
      <ConfirmDialog
        open={asking !== null}
        title={t('admin.refunds.confirmTitle')}
        confirmLabel={t('admin.refunds.confirm')}
        tone="danger"
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <p>
            {t('admin.refunds.confirmText', {
              no: asking.refundNo,
              amount: yen(asking.amount),
              method: payWay(t, asking.method),
              target: targetText(t, asking.target),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </Page>
  );
});
