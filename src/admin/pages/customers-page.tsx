import { observer } from 'mobx-react-lite';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { useAdmin } from '../stores/store-context';
import { formatPhone } from '../../../contract/line-rules';

/** Finding a customer by name, e-mail, phone, order number or bill number. */
export const CustomersPage = observer(function CustomersPage() {
  const { t } = useTranslation();
  const { customers } = useAdmin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (customers.query.trim()) void customers.search();
  };
  return (
    <Page title={t('admin.customers.title')}>
      <form className="filters" role="search" onSubmit={submit}>
        <TextField
          label={t('admin.customers.query')}
          name="q"
          type="search"
          value={customers.query}
          onChange={(value) => customers.setQuery(value)}
          hint={t('admin.customers.queryHint')}
        />
        <button type="submit" className="button button-primary" disabled={customers.results.status === 'loading'}>
          {t('admin.customers.search')}
        </button>
      </form>
      {customers.results.status === 'idle' ? null : (
        <LoadView loadable={customers.results}>
          {({ customers: found }) =>
            found.length === 0 ? (
              <p className="empty">{t('admin.customers.none')}</p>
            ) : (
              <table>
                <caption className="visually-hidden">{t('admin.customers.results')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.customer.account')}</th>
                    <th scope="col">{t('admin.customers.name')}</th>
                    <th scope="col">{t('admin.customer.email')}</th>
                    <th scope="col">{t('admin.customer.mobile')}</th>
                    <th scope="col">{t('admin.customers.orders')}</th>
                    <th scope="col">{t('admin.customers.line')}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.map((customer) => (
                    <tr key={customer.id}>
                      <td>
                        <Link to={`/customers/${customer.id}`}>{customer.username}</Link>
                      </td>
                      <td>{customer.name ?? '—'}</td>
                      <td>{customer.email ?? '—'}</td>
                      <td>{customer.mobile ? formatPhone(customer.mobile) : '—'}</td>
                      <td>{customer.orders}</td>
                      <td>{customer.hasLine ? t('admin.yes') : t('admin.no')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )
          }
        </LoadView>
      )}
    </Page>
  );
});
