import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AdminPayment } from '../../../contract/admin-api';
import { FormError } from '../components/errors';
import { Field, TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime, yen } from '../format';
import { useAdmin } from '../stores/store-context';

/** Full or partial, with a reason, through the provider's refund API. */
const RefundForm = observer(function RefundForm({ data }: { data: AdminPayment }) {
  const { t } = useTranslation();
  const { money } = useAdmin();
  const left = data.refundable;
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  if (left <= 0) return null;
  // The amount's rules (whole yen, at most what is left, a card only in full) are the server's.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      money.refund.refuse('REQUIRED', t('api.errors.REQUIRED'), { reason: 'REQUIRED' });
      return;
    }
    void money.refund.run({ amount: kind === 'full' ? left : Number(amount), reason: reason.trim() });
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="refund-heading">
      <h2 id="refund-heading">{t('admin.refund.title')}</h2>
      <fieldset>
        <legend>{t('admin.refund.kind')}</legend>
        <label className="check">
          <input type="radio" name="kind" checked={kind === 'full'} onChange={() => setKind('full')} />
          {t('admin.refund.full', { amount: yen(left) })}
        </label>
        <label className="check">
          <input
            type="radio"
            name="kind"
            checked={kind === 'partial'}
            disabled={!data.partialRefund}
            onChange={() => setKind('partial')}
          />
          {t('admin.refund.partial')}
        </label>
        {data.partialRefund ? null : <p className="field-hint">{t('admin.refund.wholeOnly')}</p>}
      </fieldset>
      {kind === 'partial' ? (
        <TextField
          label={t('admin.refund.amount')}
          name="amount"
          type="number"
          inputMode="numeric"
          value={amount}
          onChange={setAmount}
          hint={t('admin.refund.amountHint', { max: yen(left) })}
          error={money.refund.error}
          required
        />
      ) : null}
      <Field label={t('admin.refund.reason')} name="reason" error={money.refund.error}>
        {({ id, invalid, describedBy }) => (
          <textarea
            id={id}
            rows={2}
            maxLength={200}
            value={reason}
            required
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <FormError error={money.refund.error} fields={['amount', 'reason']} />
      {money.refund.done ? (
        <p className="notice" role="status">
          {t('admin.refund.sent')}
        </p>
      ) : null}
      <button type="submit" className="button button-danger" disabled={money.refund.running}>
        {t('admin.refund.submit')}
      </button>
    </form>
  );
});

const PaymentView = observer(function PaymentView({ data }: { data: AdminPayment }) {
  const { t } = useTranslation();
  const { language, session } = useAdmin();
  const lang = language.lang;
  const { payment } = data;
  return (
    <>
      <dl className="facts facts-row">
        <div>
          <dt>{t('admin.payments.method')}</dt>
          <dd>
            {payment.method} / {payment.scene}
          </dd>
        </div>
        <div>
          <dt>{t('admin.payments.amount')}</dt>
          <dd>{yen(payment.amount)}</dd>
        </div>
        <div>
          <dt>{t('admin.order.status')}</dt>
          <dd>{t(`admin.paymentStatus.${payment.status}`, { defaultValue: payment.status })}</dd>
        </div>
        <div>
          <dt>{t('admin.payments.providerState')}</dt>
          <dd>{t(`admin.providerState.${data.providerState}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.payments.target')}</dt>
          <dd>{payment.target}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.account')}</dt>
          <dd>
            {session.can('customers') ? (
              <Link to={`/customers/${payment.customerId}`}>#{payment.customerId}</Link>
            ) : (
              `#${payment.customerId}`
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.order.createdAt')}</dt>
          <dd>{formatTime(payment.createdAt, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.order.paidAt')}</dt>
          <dd>{formatTime(payment.paidAt, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.payments.refunded')}</dt>
          <dd>{yen(payment.refunded)}</dd>
        </div>
      </dl>
      <section aria-labelledby="refunds-heading">
        <h2 id="refunds-heading">{t('admin.refunds.title')}</h2>
        {data.refunds.length === 0 ? (
          <p className="empty">{t('admin.none')}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.refunds.number')}</th>
                <th scope="col">{t('admin.payments.amount')}</th>
                <th scope="col">{t('admin.order.status')}</th>
                <th scope="col">{t('admin.refund.reason')}</th>
                <th scope="col">{t('admin.order.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {data.refunds.map((refund) => (
                <tr key={refund.refundNo}>
                  <td>{refund.refundNo}</td>
                  <td>{yen(refund.amount)}</td>
                  <td>{t(`admin.refundStatus.${refund.status}`, { defaultValue: refund.status })}</td>
                  <td>{refund.reason}</td>
                  <td>{formatTime(refund.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <RefundForm key={`${payment.paymentNo}-${payment.refunded}`} data={data} />
    </>
  );
});

/** A payment: its row, what the provider says now, its refunds, and the refund form. */
export const PaymentPage = observer(function PaymentPage() {
  const { t } = useTranslation();
  const { paymentNo = '' } = useParams();
  const { money } = useAdmin();
  useEffect(() => {
    void money.openPayment(paymentNo);
    return () => money.payment.reset();
  }, [money, paymentNo]);
  return (
    <Page title={t('admin.payments.one', { no: paymentNo })} wide>
      <p>
        <Link to="/money/payments">{t('admin.payments.back')}</Link>
      </p>
      <LoadView loadable={money.payment}>{(data) => <PaymentView data={data} />}</LoadView>
    </Page>
  );
});
