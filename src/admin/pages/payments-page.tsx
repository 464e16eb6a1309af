import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PAYMENT_STATUSES } from '../../../contract/console-values';
import { SelectField, TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime, payWay, targetText, yen } from '../format';
import { useAdmin } from '../stores/store-context';

/** Payments, newest first, with their state here and what was refunded. */
export const PaymentsPage = observer(function PaymentsPage() {
  const { t } = useTranslation();
  const { money, language } = useAdmin();
  useEffect(() => {
    void money.loadPayments();
  }, [money]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void money.loadPayments();
  };
  return (
    <Page title={t('admin.payments.title')} wide>
      <form className="filters" role="search" onSubmit={submit}>
        <SelectField
          label={t('admin.order.status')}
          name="status"
          value={money.paymentFilter.status}
          onChange={(status) => money.setPaymentFilter({ status })}
          options={[
            { value: '', label: t('admin.all') },
            ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`admin.paymentStatus.${value}`) })),
          ]}
        />
        <TextField
          label={t('admin.payments.query')}
          name="q"
          type="search"
          value={money.paymentFilter.q}
          onChange={(q) => money.setPaymentFilter({ q })}
        />
        <button type="submit" className="button button-primary" disabled={money.payments.status === 'loading'}>
          {t('admin.filter')}
        </button>
      </form>
      <LoadView loadable={money.payments}>
        {({ payments }) =>
          payments.length === 0 ? (
            <p className="empty">{t('admin.none')}</p>
          ) : (
            <table>
              <caption className="visually-hidden">{t('admin.payments.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.payments.number')}</th>
                  <th scope="col">{t('admin.payments.method')}</th>
                  <th scope="col">{t('admin.payments.target')}</th>
                  <th scope="col">{t('admin.payments.amount')}</th>
                  <th scope="col">{t('admin.payments.refunded')}</th>
                  <th scope="col">{t('admin.order.status')}</th>
                  <th scope="col">{t('admin.order.createdAt')}</th>
                </tr>
              </thead>
              <tbody>
                {payments.map((payment) => (
                  <tr key={payment.paymentNo}>
                    <td>
                      <Link to={`/money/payments/${payment.paymentNo}`}>{payment.paymentNo}</Link>
                    </td>
                    <td>{payWay(t, payment.method, payment.scene)}</td>
                    <td>{targetText(t, payment.target)}</td>
                    <td>{yen(payment.amount)}</td>
                    <td>{payment.refunded ? yen(payment.refunded) : '—'}</td>
                    <td>{t(`admin.paymentStatus.${payment.status}`, { defaultValue: payment.status })}</td>
                    <td>{formatTime(payment.createdAt, language.lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadView>
    </Page>
  );
});
