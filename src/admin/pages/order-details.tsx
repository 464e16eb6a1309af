import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AdminOrder } from '../../../contract/admin-api';
import { formatPhone } from '../../../contract/line-rules';
import { formatTime, yen } from '../format';
import { actorName, historyNote } from '../history-note';
import { useAdmin } from '../stores/store-context';

// The order page's facts: what the customer gave, the order's figures and its history.

/** The purchase form's fields in the order they are checked against the documents. */
const INFO_FIELDS = [
  'lastName',
  'firstName',
  'birthday',
  'visaType',
  'identityKind',
  'region',
  'postcode',
  'province',
  'city',
  'district',
  'block',
  'building',
  'addressSame',
  'proofType',
  'proofDate',
  'delivery',
  'storeId',
  'phone',
  'email',
];
/** Ids of the documents themselves and of the plan: shown as documents and facts, not as data. */
const HIDDEN_FIELDS = new Set(['planId', 'residenceFront', 'residenceBack', 'identityDoc', 'proofDoc', 'signatureId']);
/** Fields whose values are codes, shown in words. */
const CODED_FIELDS = new Set(['visaType', 'identityKind', 'region', 'addressSame', 'proofType', 'delivery']);

/** What the customer gave, beside the documents, in the order they are checked. */
export const CustomerData = observer(function CustomerData({ data }: { data: AdminOrder }) {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const { customer, order } = data;
  const keys = [
    ...INFO_FIELDS.filter((key) => key in order.info),
    ...Object.keys(order.info).filter((key) => !INFO_FIELDS.includes(key) && !HIDDEN_FIELDS.has(key)),
  ];
  const shown = (key: string, value: string) =>
    value && CODED_FIELDS.has(key) ? t(`admin.values.${key}.${value}`, { defaultValue: value }) : value || '—';
  return (
    // Beside the documents and kept in view while they scroll; scrollable itself on a short
    // screen, so it takes the keyboard focus too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <section className="panel customer-data" aria-labelledby="customer-data-heading" tabIndex={0}>
      <h2 id="customer-data-heading">{t('admin.order.customerData')}</h2>
      <dl className="facts">
        {keys.map((key) => (
          <div key={key}>
            <dt>{t(`admin.info.${key}`, { defaultValue: key })}</dt>
            <dd>{shown(key, order.info[key] ?? '')}</dd>
          </div>
        ))}
        <div>
          <dt>{t('admin.customer.account')}</dt>
          <dd>
            {session.can('customers') ? (
              <Link to={`/customers/${customer.id}`}>{customer.username}</Link>
            ) : (
              customer.username
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.customer.accountEmail')}</dt>
          <dd>{customer.email ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.accountMobile')}</dt>
          <dd>{customer.mobile ? formatPhone(customer.mobile) : '—'}</dd>
        </div>
        <div>
          <dt>{t('admin.customer.lang')}</dt>
          <dd>{t(`language.${customer.lang}`)}</dd>
        </div>
      </dl>
    </section>
  );
});

export const OrderFacts = observer(function OrderFacts({ data }: { data: AdminOrder }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  const { order } = data;
  return (
    <dl className="facts facts-row">
      <div>
        <dt>{t('admin.order.status')}</dt>
        <dd>
          <span className={`status status-${order.status}`}>{t(`order.status.${order.status}`)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('admin.order.plan')}</dt>
        <dd>{order.planName[language.lang]}</dd>
      </div>
      <div>
        <dt>{t('admin.order.total')}</dt>
        <dd>{yen(order.total)}</dd>
      </div>
      <div>
        <dt>{t('admin.order.createdAt')}</dt>
        <dd>{formatTime(order.createdAt, language.lang)}</dd>
      </div>
      <div>
        <dt>{t('admin.order.paidAt')}</dt>
        <dd>{formatTime(order.paidAt, language.lang)}</dd>
      </div>
      {order.trackingNo ? (
        <div>
          <dt>{t('admin.fulfil.trackingNo')}</dt>
          <dd>{order.trackingNo}</dd>
        </div>
      ) : null}
    </dl>
  );
});

export const History = observer(function History({ data }: { data: AdminOrder }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  const { order } = data;
  return (
    <section className="panel" aria-labelledby="history-heading">
      <h2 id="history-heading">{t('admin.order.history')}</h2>
      {order.rejections.length > 0 ? (
        <>
          <h3>{t('admin.order.lastRejection')}</h3>
          <ul>
            {order.rejections.map((rejection) => (
              <li key={rejection.document}>
                {t(`order.document.${rejection.document}`, { defaultValue: rejection.document })}:{' '}
                {t(`admin.reasons.${rejection.reason}`, { defaultValue: rejection.reason })}
                {rejection.note
                  ? ` (${rejection.note}${rejection.lang ? ` · ${t(`order.noteLang.${rejection.lang}`)}` : ''})`
                  : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <table>
        <caption className="visually-hidden">{t('admin.order.history')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.order.at')}</th>
            <th scope="col">{t('admin.order.status')}</th>
            <th scope="col">{t('admin.order.actor')}</th>
            <th scope="col">{t('admin.order.note')}</th>
          </tr>
        </thead>
        <tbody>
          {order.history.map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td>{formatTime(entry.at, language.lang)}</td>
              <td>{t(`order.status.${entry.status}`, { defaultValue: entry.status })}</td>
              <td>{actorName(t, entry.actor)}</td>
              <td>{historyNote(t, entry.note)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
});
