import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PROFILE_STATUSES, type ProfileStatus as Status } from '../../../contract/esim-rules';
import type { StockView } from '../../../contract/esim-views';
import { formatPhone } from '../../../contract/line-rules';
import { SelectField, TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatTime } from '../format';
import { useAdmin } from '../stores/store-context';
import { EsimImportForm } from './esim-import-form';
import { LowStockBanner } from './esim-low-stock';
import { ProfileStatus } from './esim-panel';

/** How many profiles are in each status, as a list of figures. */
function Counts({ stock }: { stock: StockView }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="esim-counts-heading">
      <h2 id="esim-counts-heading">{t('admin.esim.stock.counts')}</h2>
      <dl className="facts facts-row esim-counts">
        {PROFILE_STATUSES.map((status) => (
          <div key={status}>
            <dt>{t(`admin.esim.statuses.${status}`)}</dt>
            <dd>{stock.counts[status]}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('admin.esim.stock.waiting', { count: stock.waiting })}</p>
    </section>
  );
}

/** By ICCID or order number, and by status; the server answers the newest 100 found. */
const Search = observer(function Search() {
  const { t } = useTranslation();
  const { esim } = useAdmin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void esim.load();
  };
  return (
    <form className="filters" role="search" aria-label={t('admin.esim.stock.search')} onSubmit={submit}>
      <TextField
        label={t('admin.esim.stock.q')}
        name="q"
        type="search"
        value={esim.filter.q}
        onChange={(q) => esim.setFilter({ q })}
      />
      <SelectField
        label={t('admin.esim.stock.status')}
        name="status"
        value={esim.filter.status}
        onChange={(status) => esim.setFilter({ status: status as Status | '' })}
        options={[
          { value: '', label: t('admin.esim.stock.all') },
          ...PROFILE_STATUSES.map((value) => ({ value, label: t(`admin.esim.statuses.${value}`) })),
        ]}
      />
      <button type="submit" className="button">
        {t('admin.esim.stock.searchButton')}
      </button>
    </form>
  );
});

/** The profiles found: never a matching ID or confirmation code (the server sends neither). */
const Profiles = observer(function Profiles({ stock }: { stock: StockView }) {
  const { t } = useTranslation();
  const { language } = useAdmin();
  if (stock.profiles.length === 0) return <p className="empty">{t('admin.esim.stock.none')}</p>;
  const columns = [
    'iccid',
    'status',
    'smdpAddress',
    'order',
    'msisdn',
    'importedAt',
    'assignedAt',
    'installedAt',
    'releasedAt',
  ];
  return (
    <table className="esim-stock">
      <caption>{t('admin.esim.stock.caption')}</caption>
      <thead>
        <tr>
          {columns.map((key) => (
            <th key={key} scope="col">
              {t(`admin.esim.fields.${key}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {stock.profiles.map((profile) => (
          <tr key={profile.iccid}>
            <td className="mono">{profile.iccid}</td>
            <td>
              <ProfileStatus profile={profile} />
            </td>
            <td>{profile.smdpAddress}</td>
            <td>
              {profile.orderNo ? (
                <Link to={`/orders/${profile.orderNo}`}>{profile.orderNo}</Link>
              ) : (
                t('admin.esim.stock.noOrder')
              )}
            </td>
            <td>{profile.msisdn ? formatPhone(profile.msisdn) : '—'}</td>
            <td>{formatTime(profile.importedAt, language.lang)}</td>
            <td>{formatTime(profile.assignedAt, language.lang)}</td>
            <td>{formatTime(profile.installedAt, language.lang)}</td>
            <td>{formatTime(profile.releasedAt, language.lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/**
 * eSIM profiles in stock (issue 30): the counts, a banner when stock runs low, the import (for
 * staff who fulfil), and the profiles with the order holding each.
 */
export const EsimStockPage = observer(function EsimStockPage() {
  const { t } = useTranslation();
  const { esim, session } = useAdmin();
  useEffect(() => {
    void esim.load();
  }, [esim]);
  // The figures of the last answer stay while a search runs; the search stays usable when one
  // is refused, so a bad query can be changed rather than retried.
  const stock = esim.stock.data;
  return (
    <Page title={t('admin.esim.stock.title')} wide>
      {stock ? (
        <>
          <LowStockBanner stock={stock} />
          <Counts stock={stock} />
        </>
      ) : null}
      {session.can('fulfil') ? <EsimImportForm /> : null}
      <Search />
      <LoadView loadable={esim.stock}>{(found) => <Profiles stock={found} />}</LoadView>
    </Page>
  );
});
