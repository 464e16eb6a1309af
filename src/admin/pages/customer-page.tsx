import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { AdminCustomer } from '../../../contract/admin-api';
import { FormError } from '../components/errors';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatDay, formatGb, formatTime, monthText, payWay, yen } from '../format';
import { useAdmin } from '../stores/store-context';
import { formatPhone } from '../../../contract/line-rules';
import { AddressForm } from './address-change-form';
import { LinePanel } from './line-panel';
import { ReplacementPanel } from './replacement-panel';
import { LeavingPanel } from './leaving-panel';
import { TopupPanel } from './topup-panel';

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={caption}>
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p className="empty">{t('admin.none')}</p>
      ) : (
        <table>
          <thead>
            <tr>
              {head.map((label) => (
                <th scope="col" key={label}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const CustomerView = observer(function CustomerView({ data }: { data: AdminCustomer }) {
  const { t } = useTranslation();
  const { customers, language, session } = useAdmin();
  const lang = language.lang;
  const { customer, line } = data;
  const messageStatus = (status: string) => t(`admin.messageStatus.${status}`, { defaultValue: status });
  return (
    <>
      <dl className="facts facts-row">
        <div>
          <dt>{t('admin.customer.email')}</dt>
          <dd>{customer.email ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.mobile')}</dt>
          <dd>{customer.mobile ? formatPhone(customer.mobile) : '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.lang')}</dt>
          <dd>{t(`language.${customer.lang}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.since')}</dt>
          <dd>{formatDay(customer.createdAt, lang)}</dd>
        </div>
      </dl>
      <div className="actions-row">
        <button
          type="button"
          className="button"
          disabled={customers.resend.running}
          onClick={() => void customers.resend.run()}
        >
          {t('admin.customer.resendActivation')}
        </button>
        {customers.resend.done ? (
          <span className="notice" role="status">
            {t('admin.customer.resent')}
          </span>
        ) : null}
        <FormError error={customers.resend.error} />
      </div>
      <section aria-labelledby="line-heading">
        <h2 id="line-heading">{t('admin.customer.line')}</h2>
        {line ? (
          <dl className="facts facts-row">
            <div>
              <dt>{t('admin.fulfil.msisdn')}</dt>
              <dd>{formatPhone(line.msisdn)}</dd>
            </div>
            <div>
              <dt>{t('admin.fulfil.iccid')}</dt>
              <dd>{line.iccid}</dd>
            </div>
            <div>
              <dt>{t('admin.order.plan')}</dt>
              <dd>{line.planName[lang]}</dd>
            </div>
            <div>
              <dt>{t('admin.order.status')}</dt>
              <dd>{t(`admin.lineStatus.${line.status}`, { defaultValue: line.status })}</dd>
            </div>
            <div>
              <dt>{t('admin.customer.usage')}</dt>
              <dd>{t('admin.customer.usageValue', { used: formatGb(line.usedMb), quota: formatGb(line.quotaMb) })}</dd>
            </div>
          </dl>
        ) : (
          <p className="empty">{t('admin.customer.noLine')}</p>
        )}
      </section>
      <LinePanel key={`line-${customer.id}`} customerId={customer.id} />
      <Table
        caption={t('admin.customer.orders')}
        head={[
          t('admin.order.number'),
          t('admin.order.status'),
          t('admin.order.plan'),
          t('admin.order.total'),
          t('admin.order.createdAt'),
        ]}
        rows={data.orders.map((order) => [
          <Link key="no" to={`/orders/${order.orderNo}`}>
            {order.orderNo}
          </Link>,
          t(`order.status.${order.status}`),
          order.planName[lang],
          yen(order.total),
          formatTime(order.createdAt, lang),
        ])}
      />
      <Table
        caption={t('admin.customer.bills')}
        head={[
          t('admin.bills.number'),
          t('admin.bills.month'),
          t('admin.order.total'),
          t('admin.order.status'),
          t('admin.bills.due'),
        ]}
        rows={data.bills.map((bill) => [
          bill.billNo,
          monthText(t, bill.month),
          yen(bill.total),
          t(`admin.billStatus.${bill.status}`, { defaultValue: bill.status }),
          formatDay(bill.dueDate, lang),
        ])}
      />
      <Table
        caption={t('admin.customer.payments')}
        head={[
          t('admin.payments.number'),
          t('admin.payments.method'),
          t('admin.payments.amount'),
          t('admin.order.status'),
          t('admin.order.createdAt'),
        ]}
        rows={data.payments.map((payment) => [
          session.can('money') ? (
            <Link key="no" to={`/money/payments/${payment.paymentNo}`}>
              {payment.paymentNo}
            </Link>
          ) : (
            payment.paymentNo
          ),
          payWay(t, payment.method, payment.scene),
          yen(payment.amount),
          t(`admin.paymentStatus.${payment.status}`, { defaultValue: payment.status }),
          formatTime(payment.createdAt, lang),
        ])}
      />
      <Table
        caption={t('admin.customer.messages')}
        head={[
          t('admin.messages.kind'),
          t('admin.messages.channel'),
          t('admin.messages.subject'),
          t('admin.order.status'),
          t('admin.order.createdAt'),
        ]}
        rows={data.messages.map((message) => [
          t(`admin.messageKind.${message.kind}`, { defaultValue: message.kind }),
          t(`admin.messageChannel.${message.channel}`, { defaultValue: message.channel }),
          message.subject,
          message.lastError ? `${messageStatus(message.status)} (${message.lastError})` : messageStatus(message.status),
          formatTime(message.createdAt, lang),
        ])}
      />
      <ReplacementPanel customerId={customer.id} />
      <AddressForm key={customer.id} proofs={data.addressProofs} />
      <LeavingPanel customerId={customer.id} />
      {line && <TopupPanel customerId={customer.id} />}
    </>
  );
});

/** A customer: account, line, orders, bills, payments, messages sent, and the support actions. */
export const CustomerPage = observer(function CustomerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { customers } = useAdmin();
  useEffect(() => {
    void customers.open(Number(id));
    return () => customers.customer.reset();
  }, [customers, id]);
  const name = customers.customer.data?.customer.username ?? id;
  return (
    <Page title={t('admin.customer.title', { name })} wide>
      <LoadView loadable={customers.customer}>{(data) => <CustomerView data={data} />}</LoadView>
    </Page>
  );
});
