import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AdminPayment, RefundBody } from '../../../contract/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { Field, TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime, payWay, refundReasonText, targetParts, targetText, yen } from '../format';
import { ReceiptPanel } from './receipt-panel';
import { useAdmin } from '../stores/store-context';

/** Full or partial, with a reason, through the provider's refund API. */
const RefundForm = observer(function RefundForm({ data }: { data: AdminPayment }) {
  const { t } = useTranslation();
  const { money } = useAdmin();
  const left = data.refundable;
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // The amount's rules (whole yen, at most what is left, a card only in full) are the server's.
  const [asking, setAsking] = useState<RefundBody | null>(null);
  if (left <= 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const yenAmount = kind === 'full' ? left : Number(amount);
    // Checked here too, so the confirmation never names an amount the server would refuse.
    if (!Number.isInteger(yenAmount) || yenAmount < 1) {
      money.refund.refuse('REFUND_AMOUNT_INVALID', t('api.errors.REFUND_AMOUNT_INVALID'), {
        amount: 'REFUND_AMOUNT_INVALID',
      });
      return;
    }
    if (yenAmount > left) {
      money.refund.refuse('REFUND_TOO_MUCH', t('api.errors.REFUND_TOO_MUCH', { max: left.toLocaleString('ja-JP') }), {
        amount: 'REFUND_TOO_MUCH',
      });
      return;
    }
    if (!reason.trim()) {
      money.refund.refuse('REQUIRED', t('api.errors.REQUIRED'), { reason: 'REQUIRED' });
      return;
    }
    money.refund.clear();
    setAsking({ amount: yenAmount, reason: reason.trim() });
  };
  const confirm = () => {
    if (asking) void money.refund.run(asking);
    setAsking(null);
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
      <button type="submit" className="button button-danger" disabled={money.refund.running}>
        {t('admin.refund.submit')}
      </button>
      <ConfirmDialog
        open={asking !== null}
        title={t('admin.refund.confirmTitle')}
        confirmLabel={t('admin.refund.confirm')}
        tone="danger"
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        {asking ? (
          <p>
            {t('admin.refund.confirmText', {
              amount: yen(asking.amount),
              method: payWay(t, data.payment.method),
              target: targetText(t, data.payment.target),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </form>
  );
});

const PaymentView = observer(function PaymentView({ data }: { data: AdminPayment }) {
  const { t } = useTranslation();
  const { language, session, money } = useAdmin();
  const lang = language.lang;
  const { payment } = data;
  const sent = money.refund.done && money.refundSent !== null ? money.refundSent : null;
  const receiptOf = ['paid', 'refunded'].includes(payment.status) ? targetParts(payment.target) : null;
  return (
    <>
      <dl className="facts facts-row">
        <div>
          <dt>{t('admin.payments.method')}</dt>
          <dd>{payWay(t, payment.method, payment.scene)}</dd>
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
          <dd>{targetText(t, payment.target)}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.account')}</dt>
          <dd>
            {session.can('customers') ? (
              <Link to={`/customers/${payment.customerId}`}>{payment.customer}</Link>
            ) : (
              payment.customer
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
                  <td>{refundReasonText(t, refund.reason)}</td>
                  <td>{formatTime(refund.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {/* Outside the form, which is gone once nothing is left to refund. */}
      <p className={sent === null ? undefined : 'notice'} role="status">
        {sent === null ? null : t('admin.refund.sentAmount', { amount: yen(sent) })}
      </p>
      <RefundForm key={`${payment.paymentNo}-${payment.refunded}`} data={data} />
      {receiptOf ? <ReceiptPanel key={payment.refunded} kind={receiptOf.kind} no={receiptOf.no} /> : null}
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
