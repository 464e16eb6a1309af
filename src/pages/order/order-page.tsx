import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { EsimStore } from '../../features/esim/esim-store';
import { InstallSection } from '../../features/esim/install-section';
import { ReceiptButton } from '../../features/receipts/receipt-button';
import { ReceiptStore } from '../../features/receipts/receipt-store';
import '../../components/form-page.css';
import '../user/line.css';

/**
 * An order's page (/pages/order/detail?orderNo=, issue 30): where an eSIM is installed. The
 * links of "your eSIM is ready" and of the one-time hand-off from WeChat or Alipay land here.
 */
export default observer(function OrderPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { http, bridge } = useStores();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  // Made with the page, so the install's code stays out of the app's first load.
  const esim = useMemo(
    () => new EsimStore(http, orderNo, bridge.platform, typeof navigator === 'undefined' ? '' : navigator.userAgent),
    // Another order opened on this page (a link from a notification) is another install.
    [http, orderNo, bridge.platform],
  );

  const receipt = useMemo(() => new ReceiptStore(http, bridge, 'order', orderNo), [http, bridge, orderNo]);

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page">
        {orderNo ? (
          <InstallSection key={orderNo} esim={esim} />
        ) : (
          <p className="inline-status" role="alert">
            {t('api.errors.NOT_FOUND')}
          </p>
        )}
        {orderNo && <ReceiptButton key={orderNo} store={receipt} />}
        {orderNo && (
          <Link
            className="button button-outline button-block"
            to={`/pages/process/pay?orderNo=${encodeURIComponent(orderNo)}`}
          >
            {t('esim.order.details')}
          </Link>
        )}
        <Link className="button button-outline button-block" to="/pages/order/list">
          {t('order.allOrders')}
        </Link>
      </main>
    </>
  );
});
