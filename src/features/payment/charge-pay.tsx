import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { PayWay } from '../../../contract/containers';
import { LoadFailed } from '../../components/load-failed';
import { ChargeSummary } from './charge-summary';
import { PayMethodButtons } from './pay-method-buttons';
import { PaymentPhase } from './payment-phase';
import type { PaymentStore } from './payment-store';

/**
 * Paying a one-off charge (`/pages/user/pay?chargeNo=`, an eSIM reissue fee) with every method
 * a bill takes. A charge no longer waiting (paid, withdrawn) says so instead of offering to pay.
 */
export const ChargePay = observer(function ChargePay({
  payment,
  chargeNo,
}: {
  payment: PaymentStore;
  chargeNo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resource = payment.chargeOf(chargeNo);
  useEffect(() => {
    void resource.load();
  }, [resource]);
  // The charge is the target from the start: its buttons are the ways that run here. Back from
  // learning the payer's openid inside WeChat, the WeChat Pay asked for goes on.
  useEffect(() => {
    payment.setCharge(chargeNo);
    payment.resumeAfterReturn({ chargeNo });
  }, [chargeNo, payment]);
  const charge = resource.data.charge;
  const choose = (way: PayWay) => {
    if (way.method === 'card') navigate('/pages/public/credit-card');
    else void payment.pay(way);
  };
  if (resource.status === 'error')
    return <LoadFailed text={resource.message} reference={resource.reference} onRetry={() => void resource.load()} />;
  if (resource.status !== 'ready') return null;
  if (!charge)
    return (
      <>
        <p className="inline-status" role="status">
          {t('api.errors.CHARGE_NOT_PAYABLE')}
        </p>
        <Link className="button button-outline" to="/pages/user/taocan">
          {t('payment.backToLine')}
        </Link>
      </>
    );
  return (
    <>
      <ChargeSummary charge={charge} />
      <PayMethodButtons payment={payment} onChoose={choose} />
      <PaymentPhase payment={payment} />
    </>
  );
});
