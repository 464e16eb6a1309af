import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { CardInput } from '../../../contract/card-rules';
import type { PageProps } from '../../app/lazy-page';
import { paymentOf } from '../../app/payment-of';
import { lineOf } from '../../app/line-of';
import { useStores } from '../../app/store-context';
import { OrderSummary } from '../../components/order-summary';
import { PageHeader } from '../../components/page-header';
import { BillSummary } from '../../features/line/bill-summary';
import { PayCountdown } from '../../features/purchase/countdown';
import { CardFields, emptyCard } from '../../features/payment/card-fields';
import { PaymentPhase } from '../../features/payment/payment-phase';
import { ChargeSummary } from '../../features/payment/charge-summary';
import '../../components/form-page.css';

export default observer(function CreditCardPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const { purchase } = stores;
  const line = lineOf(stores);
  const payment = paymentOf(stores);
  // Paid in one go: no plan offers instalments, so no 1-10 picker is shown.
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [errors, setErrors] = useState<Partial<Record<keyof CardInput, string>>>({});

  useEffect(() => () => payment.reset(), [payment]);
  // What is being paid, on screen beside the form: the order (with its deadline), the bill or the charge.
  const chargeResource = payment.chargeNo ? payment.chargeOf(payment.chargeNo) : null;
  useEffect(() => {
    if (payment.orderNo) void purchase.viewOrder(payment.orderNo);
    else if (payment.billNo) void line.bills.load();
    else if (chargeResource) void chargeResource.load();
  }, [payment.orderNo, payment.billNo, chargeResource, purchase, line]);
  const order = payment.orderNo ? (purchase.order.data?.order ?? null) : null;
  // Without something to pay there is no card form, only the way to the orders.
  const payable =
    payment.billNo || payment.chargeNo
      ? true
      : Boolean(payment.orderNo) && (!order || order.status === 'awaiting_payment');
  const bill = payment.billNo ? line.bills.data.bills.find((b) => b.billNo === payment.billNo) : undefined;
  const charge = chargeResource?.data.charge ?? null;
  useEffect(() => {
    if (payment.phase.kind === 'paid')
      navigate(`/pages/public/success?paymentNo=${payment.phase.paymentNo}`, { replace: true });
  }, [payment.phase, navigate]);

  const set = (field: keyof CardInput) => (value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const busy = payment.phase.kind === 'working' || (payment.phase.kind === 'querying' && !payment.phase.slow);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems = await payment.payByCard(card);
    setErrors(problems ?? {});
  };

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page process">
        {order && (
          <>
            <OrderSummary
              facts={{
                orderNo: order.orderNo,
                planName: order.planName,
                price: order.price,
                monthlyRent: order.monthlyRent,
                info: order.info,
              }}
            />
            {order.status === 'awaiting_payment' && (
              <PayCountdown deadline={order.payBefore} onExpired={() => void purchase.order.load()} />
            )}
          </>
        )}
        {bill && <BillSummary bill={bill} />}
        {charge && <ChargeSummary charge={charge} />}
        {payable && (
          <form className="form form-section" onSubmit={submit} noValidate autoComplete="on">
            <CardFields card={card} errors={errors} onChange={(field, value) => set(field)(value)} />
            <p className="field-hint">{t('card.oneTime')}</p>
            <PaymentPhase payment={payment} />
            <button type="submit" className="button button-primary button-block" disabled={busy || !payment.hasTarget}>
              {busy ? t('payment.working') : t('card.submit')}
            </button>
            <p className="field-hint">{t('card.privacy')}</p>
          </form>
        )}
        {!payable && (
          <div className="status-view">
            <p role="status">
              {order ? t('order.notPayable', { status: t(`order.status.${order.status}`) }) : t('order.noPayable')}
            </p>
            <Link
              className="button button-primary"
              to={order ? `/pages/process/pay?orderNo=${order.orderNo}` : '/pages/order/list'}
            >
              {order ? t('payResult.viewOrder') : t('order.allOrders')}
            </Link>
          </div>
        )}
      </main>
    </>
  );
});
