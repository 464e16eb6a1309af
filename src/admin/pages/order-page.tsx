import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AdminOrder } from '../../../contract/admin-api';
import { LoadFailed } from '../components/errors';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { useAdmin } from '../stores/store-context';
import { blockText, counterAhead, counterCheckWanted, fulfilBlock, noPhotosByLaw } from '../identity';
import { CounterCheckForm } from './counter-check-form';
import { DocumentViewer } from './document-viewer';
import { ActivateForm, PickupForm, ShipForm } from './fulfil-forms';
import { IdentityPanel } from './identity-panel';
import { ApproveForm, DecisionButtons, RejectForm } from './review-forms';
import { formatPhone } from '../../../contract/line-rules';
import { EsimPanel } from './esim-panel';
import { CustomerData, History, OrderFacts } from './order-details';

/**
 * What this staff member may do with the order now (the server checks again). Shipping, handing
 * over and activating wait for a passed identity check; a pickup order checked at the counter
 * first records the IC chip read face to face (issue 29).
 */
const Actions = observer(function Actions({ data }: { data: AdminOrder }) {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const { order, documents } = data;
  if (order.status === 'under_review' && session.can('review')) {
    return (
      <>
        {counterAhead(data) ? <p className="panel muted">{t('admin.identity.counterAhead')}</p> : null}
        <ApproveForm key={`approve-${order.orderNo}`} />
        <RejectForm key={`reject-${order.orderNo}`} documents={documents} customerLang={data.customer.lang} />
        <DecisionButtons />
      </>
    );
  }
  const block = fulfilBlock(data);
  const blocked = block ? blockText(t, block) : null;
  const counter = (
    <CounterCheckForm key={`counter-${order.orderNo}`} wanted={counterCheckWanted(data) && session.can('fulfil')} />
  );
  const esim = data.esim ?? null;
  if (order.status === 'approved' && session.can('fulfil') && (esim || order.info.delivery === 'esim')) {
    // Nothing to send: the profile is assigned as soon as one is in stock (the panel says so).
    return <p className="panel muted">{t('admin.esim.panel.approved')}</p>;
  }
  if (order.status === 'esim_ready' && session.can('fulfil')) {
    const profile = esim?.current;
    const initial = profile
      ? { msisdn: profile.msisdn ? formatPhone(profile.msisdn) : '', iccid: profile.iccid }
      : undefined;
    return (
      <ActivateForm
        key={`activate-${order.orderNo}-${profile?.iccid ?? ''}`}
        blocked={blocked}
        initial={initial}
        note={initial ? t('admin.esim.panel.prefilled') : undefined}
      />
    );
  }
  if (order.status === 'approved' && session.can('fulfil')) {
    const delivery = order.info.delivery;
    return (
      <>
        {counter}
        {delivery !== 'pickup' ? <ShipForm key={`ship-${order.orderNo}`} blocked={blocked} /> : null}
        {delivery !== 'mail' ? (
          // Ready for pickup is what tells the customer to come: the counter check happens then,
          // before the SIM is handed over and activated, so only activation waits for it.
          <PickupForm
            store={order.info.store ?? order.info.storeName ?? ''}
            blocked={counterAhead(data) ? null : blocked}
          />
        ) : null}
      </>
    );
  }
  if ((order.status === 'shipped' || order.status === 'ready_for_pickup') && session.can('fulfil')) {
    return (
      <>
        {counter}
        <ActivateForm key={`activate-${order.orderNo}`} blocked={blocked} />
      </>
    );
  }
  return (
    <p className="panel muted" role="status">
      {t('admin.order.nothingToDo', { status: t(`order.status.${order.status}`) })}
    </p>
  );
});

/**
 * What was saved; after a review decision, the next order waiting (oldest paid first), or that
 * the queue is empty, so a reviewer goes from one order to the next without the list.
 */
export const Outcome = observer(function Outcome({ data }: { data: AdminOrder }) {
  const { t } = useTranslation();
  const { orders, session } = useAdmin();
  const decided = orders.approve.done || orders.reject.done;
  const saved = decided || [orders.ship, orders.pickup, orders.activate].some((a) => a.done);
  // The form that was used goes away with the change: the keyboard focus comes here, where
  // the next order is, rather than falling back to the top of the page.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) box.current?.focus();
  }, [saved]);
  if (!saved) return null;
  const queue = session.can('review') ? '/review' : '/fulfilment';
  const next = orders.next;
  let onward;
  if (!decided) onward = <Link to={queue}>{t('admin.order.backToQueue')}</Link>;
  else if (next.status === 'error' && next.error)
    onward = <LoadFailed error={next.error} onRetry={() => void next.retry()} />;
  else if (!next.data) onward = <span aria-busy="true">{t('admin.loading')}</span>;
  else if (next.data.orderNo)
    onward = (
      <Link className="button button-primary review-next" to={`/orders/${next.data.orderNo}`}>
        {t('admin.order.nextInQueue', { no: next.data.orderNo })}
      </Link>
    );
  else
    onward = (
      <>
        {t('admin.order.queueEmpty')} <Link to={queue}>{t('admin.order.backToQueue')}</Link>
      </>
    );
  return (
    <div ref={box} className="notice review-outcome" role="status" tabIndex={-1}>
      <p>{t('admin.order.saved', { status: t(`order.status.${data.order.status}`) })}</p>
      <p>{onward}</p>
    </div>
  );
});

/**
 * An order: the customer's data, its identity checks and documents (for a role that may see
 * them) and the decision side by side at desktop width, the facts and the decision kept in view
 * while the documents scroll; one column on a narrow window. Then the history.
 */
export const OrderPage = observer(function OrderPage() {
  const { t } = useTranslation();
  const { orderNo = '' } = useParams();
  const { orders, language } = useAdmin();
  useEffect(() => {
    void orders.open(orderNo);
    // Nothing of this order is drawn again later, before the next one loads: each document
    // drawn is a look on the audit trail.
    return () => orders.reset();
  }, [orders, orderNo]);
  const load = useCallback((id: string) => orders.document(id), [orders]);
  return (
    <Page title={t('admin.order.title', { no: orderNo })} wide>
      <LoadView loadable={orders.order}>
        {(data) => (
          <>
            <OrderFacts data={data} />
            <div className="review-review">
              <CustomerData data={data} />
              <div className="documents review-docs">
                <IdentityPanel identity={data.identity} />
                <h2>{t('admin.documents.title')}</h2>
                {noPhotosByLaw(data) ? (
                  <p className="muted identity-no-photos">{t('admin.identity.noPhotos')}</p>
                ) : !data.canSeeDocuments ? (
                  <p className="muted">{t('admin.documents.notForRole')}</p>
                ) : data.documents.length === 0 ? (
                  <p className="muted">{t('admin.documents.none')}</p>
                ) : (
                  data.documents.map((doc) => (
                    <DocumentViewer key={doc.id} doc={doc} lang={language.lang} load={load} />
                  ))
                )}
              </div>
              <section className="review-decision" aria-label={t('admin.order.decision')}>
                <Outcome data={data} />
                <Actions data={data} />
              </section>
            </div>
            {data.esim ? <EsimPanel esim={data.esim} status={data.order.status} /> : null}
            <History data={data} />
          </>
        )}
      </LoadView>
    </Page>
  );
});
