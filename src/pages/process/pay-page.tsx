import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { langTag } from '../../../contract/api';
import { withTax } from '../../../contract/pricing';
import type { PageProps } from '../../app/lazy-page';
import { paymentOf } from '../../app/payment-of';
import { identityOf } from '../../app/identity-of';
import { useStores } from '../../app/store-context';
import { deliveryText } from '../../components/order-summary';
import { PageHeader } from '../../components/page-header';
import { pageTitle } from '../../app/route-frame';
import { LoadFailed } from '../../components/load-failed';
import { Steps } from '../../components/steps';
import type { PayWay } from '../../../contract/containers';
import { IdentitySummary, VerifyFirstCard } from '../../features/identity/identity-summary';
import { PayMethodButtons } from '../../features/payment/pay-method-buttons';
import { PaymentPhase } from '../../features/payment/payment-phase';
import { RefundNotice } from '../../features/payment/refund-notice';
import { PayCountdown } from '../../features/purchase/countdown';
import { trackingUrl } from '../../../contract/carriers';
import { rejectionWords } from '../../../contract/staff-notes';
import { formatYen } from '../../lib/format';
import '../../components/form-page.css';
import './process.css';

/** Where an eSIM order's page has something to install or show (issue 30). */
const ESIM_INSTALL_STATUSES = ['approved', 'esim_ready', 'active'];

export default observer(function PayPage({ titleKey }: PageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const stores = useStores();
  const { purchase, language, content } = stores;
  const payment = paymentOf(stores);
  const identity = identityOf(stores);
  const lang = language.lang;
  // A link to one order (from "my orders", a notification or a hand-off) opens that order.
  const [params] = useSearchParams();
  const wanted = params.get('orderNo') ?? '';

  // The order's texts are in the customer's language: a switch asks again.
  useEffect(() => {
    void purchase.viewOrder(wanted);
  }, [purchase, lang, wanted]);
  // Which store a pickup order waits at: the stores' names are in the customer's language too.
  const pickup = purchase.order.data?.order?.info.delivery === 'pickup';
  useEffect(() => {
    if (pickup) void content.stores.load();
  }, [content, pickup, lang]);
  // The next visit starts from a fresh answer, not from this one.
  useEffect(() => () => purchase.order.reset(), [purchase]);
  useEffect(() => () => payment.reset(), [payment]);
  // Back from learning the payer's openid inside WeChat: the WeChat Pay asked for goes on.
  const shown = purchase.order.data?.order;
  const resumable = shown?.status === 'awaiting_payment' ? shown.orderNo : '';
  useEffect(() => {
    if (resumable) payment.resumeAfterReturn({ orderNo: resumable });
  }, [resumable, payment]);
  // The order's identity check (issue 29): a voice line pays only once it passed, and the page
  // follows the server while a check runs elsewhere (the browser a hand-off link opened).
  const shownNo = shown?.orderNo ?? '';
  useEffect(() => {
    if (!shownNo) return;
    void identity.open(shownNo, { quiet: true });
    return () => identity.stop();
  }, [identity, shownNo]);
  // The server refused payment for want of a check: the page asks again and shows the way there.
  const refusedForIdentity =
    payment.phase.kind === 'failed' && payment.phase.reasonKey === 'api.errors.IDENTITY_REQUIRED';
  useEffect(() => {
    if (refusedForIdentity) void identity.refresh();
  }, [identity, refusedForIdentity]);
  useEffect(() => {
    if (payment.phase.kind === 'paid')
      navigate(`/pages/public/success?paymentNo=${payment.phase.paymentNo}`, { replace: true });
  }, [payment.phase, navigate]);

  // The title follows the order's status: a paid or rejected order is not "pay the order".
  const status = purchase.order.data?.order?.status ?? 'awaiting_payment';
  const titleOf = status === 'awaiting_payment' ? titleKey : `order.titleFor.${status}`;
  useEffect(() => {
    document.title = pageTitle(t, titleOf);
  }, [t, titleOf, i18n.language]);

  const yen = (n: number) => t('price.yen', { amount: formatYen(n) });
  const loaded = purchase.order.data;

  if (!loaded) {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page process" aria-busy={purchase.order.status !== 'error'}>
          {purchase.order.status === 'error' && (
            <LoadFailed
              text={purchase.order.message}
              reference={purchase.order.reference}
              onRetry={() => void purchase.order.load()}
            />
          )}
          {purchase.order.status === 'error' && (
            <Link className="button button-outline button-block" to="/pages/order/list">
              {t('order.allOrders')}
            </Link>
          )}
        </main>
      </>
    );
  }

  const order = loaded.order;
  const pickupStore =
    order?.info.delivery === 'pickup'
      ? content.stores.data.find((s) => String(s.id) === order.info.storeId)
      : undefined;
  const history = loaded.history ?? [];
  // Staff pick a reason the customer reads in their own language, and may add a note of their
  // own, labelled with its language when it is not the customer's.
  const rejectionText = (rejection: Parameters<typeof rejectionWords>[0]) =>
    rejectionWords(rejection, lang, (key, params) => t(key, params ?? {}));
  const when = (iso: string) =>
    new Intl.DateTimeFormat(langTag(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Tokyo',
    }).format(new Date(iso));
  if (!order) {
    return (
      <>
        <PageHeader title={t(titleKey)} />
        <main id="main" className="page process status-view">
          <p>{t('order.none')}</p>
          <Link className="button button-primary" to="/pages/process/setmeal">
            {t('home.buyCta')}
          </Link>
        </main>
      </>
    );
  }

  const awaiting = order.status === 'awaiting_payment';
  const choose = (way: PayWay) => {
    payment.setOrder(order.orderNo);
    if (way.method === 'card') navigate('/pages/public/credit-card');
    else void payment.pay(way);
  };
  const fix = () => {
    purchase.startResubmit(order);
    navigate('/pages/process/information');
  };

  return (
    <>
      <PageHeader title={t(titleOf)} />
      <main id="main" className="page process">
        {awaiting && <Steps current={4} />}
        <section className="order-card" aria-labelledby="order-title">
          <h2 id="order-title">{order.planName}</h2>
          <p className="order-no">{t('order.number', { no: order.orderNo })}</p>
          <p className={`order-status status-${order.status}`} role="status">
            {t(`order.status.${order.status}`)}
          </p>
          <p className="order-status-hint">{t(`order.statusHint.${order.status}`)}</p>
          <RefundNotice payment={payment} orderNo={order.orderNo} />
          {/* A promise about shipping, so only while it is still to ship: not once shipped or active. */}
          {order.status === 'approved' && order.dispatchBy && (
            <p className="order-dispatch">{t('order.dispatchBy', { date: order.dispatchBy })}</p>
          )}
          {order.trackingNo && (
            <p>
              {t('order.tracking', { no: order.trackingNo })}{' '}
              <a
                href={trackingUrl(order.carrier ?? 'japanpost', order.trackingNo, lang)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('order.trackParcel')}
              </a>
            </p>
          )}
          {order.info.delivery === 'esim' && ESIM_INSTALL_STATUSES.includes(order.status) && (
            <Link
              className="button button-primary button-block"
              to={`/pages/order/detail?orderNo=${encodeURIComponent(order.orderNo)}`}
            >
              {t('esim.order.install')}
            </Link>
          )}
          {order.info.delivery === 'pickup' && pickupStore && (
            <p>{t('order.pickupAt', { store: pickupStore.name, address: pickupStore.address })}</p>
          )}
          {order.status === 'rejected' && order.rejections.length > 0 && (
            <div className="notice" role="alert">
              {order.rejections.map((rejection) => (
                <div key={rejection.document}>
                  <p>{t('order.rejectedDocument', { document: t(`order.document.${rejection.document}`) })}</p>
                  <p>{t('order.rejectedReason', { reason: rejectionText(rejection) })}</p>
                </div>
              ))}
              <button type="button" className="button button-primary button-small" onClick={fix}>
                {t('order.fixAndResubmit')}
              </button>
            </div>
          )}
          <dl className="order-amounts">
            <div>
              <dt>{t('order.price')}</dt>
              <dd>{yen(order.price)}</dd>
            </div>
            <div>
              <dt>{t('order.tax')}</dt>
              <dd>{yen(order.tax)}</dd>
            </div>
            <div className="order-total">
              <dt>{t('order.total')}</dt>
              <dd>{yen(order.total)}</dd>
            </div>
            <div>
              <dt>{t('home.monthlyRent')}</dt>
              <dd>
                {yen(withTax(order.monthlyRent))}
                {t('home.perMonth')}
              </dd>
            </div>
            <div>
              <dt>{t('purchase.delivery')}</dt>
              <dd>{deliveryText(t, order.info, pickupStore?.name)}</dd>
            </div>
          </dl>
        </section>

        <IdentitySummary identity={identity} lang={lang} />
        {awaiting && identity.orderNo === order.orderNo && identity.mustVerifyBeforePaying && (
          <VerifyFirstCard identity={identity} />
        )}
        {awaiting && !(identity.orderNo === order.orderNo && identity.mustVerifyBeforePaying) && (
          <section className="pay-box" aria-labelledby="pay-title">
            <h2 id="pay-title">{t('order.payTitle')}</h2>
            <PayCountdown deadline={order.payBefore} onExpired={() => void purchase.order.load()} />
            <PayMethodButtons payment={payment} onChoose={choose} />
            <PaymentPhase payment={payment} />
          </section>
        )}
        {history.length > 0 && (
          <section className="order-card" aria-labelledby="history-title">
            <h2 id="history-title">{t('order.history')}</h2>
            <ol className="order-history">
              {history.map((step) => (
                <li key={`${step.status}-${step.at}`}>
                  {/* One line of text: the step's name alone would read as the order's status. */}
                  {`${t(`order.status.${step.status}`)} · ${when(step.at)}`}
                </li>
              ))}
            </ol>
          </section>
        )}
        <Link className="button button-outline button-block" to="/pages/order/list">
          {t('order.allOrders')}
        </Link>
        <Link className="button button-outline button-block" to="/">
          {t('app.backHome')}
        </Link>
      </main>
    </>
  );
});
