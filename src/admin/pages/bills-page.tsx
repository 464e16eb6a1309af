import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../components/errors';
import { TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatDay, tokyoMonth, yen } from '../format';
import { useAdmin } from '../stores/store-context';

const BillRunForm = observer(function BillRunForm() {
  const { t } = useTranslation();
  const { money } = useAdmin();
  const [month, setMonth] = useState(tokyoMonth());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(month)) {
      money.billRun.refuse('BAD_REQUEST', t('admin.bills.monthRule'), { month: 'invalid' });
      return;
    }
    void money.runBills(month);
  };
  return (
    <form className="panel" onSubmit={submit} noValidate aria-labelledby="bill-run-heading">
      <h2 id="bill-run-heading">{t('admin.bills.runTitle')}</h2>
      <p className="muted">{t('admin.bills.runIntro')}</p>
      <FormError error={money.billRun.error} fields={['month']} />
      <TextField
        label={t('admin.bills.month')}
        name="month"
        type="month"
        value={month}
        onChange={setMonth}
        hint={t('admin.bills.monthHint')}
        error={money.billRun.error}
        required
      />
      {money.billRunResult && money.billRun.done ? (
        <p className="notice" role="status">
          {t('admin.bills.runDone', { lines: money.billRunResult.lines, created: money.billRunResult.created })}
        </p>
      ) : null}
      <button type="submit" className="button button-primary" disabled={money.billRun.running}>
        {t('admin.bills.run')}
      </button>
    </form>
  );
});

/** Bills of a month, and the month's bill run (safe to run twice). */
export const BillsPage = observer(function BillsPage() {
  const { t } = useTranslation();
  const { money, language } = useAdmin();
  useEffect(() => {
    if (!money.billMonth) money.setBillMonth(tokyoMonth());
    void money.loadBills();
  }, [money]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void money.loadBills();
  };
  return (
    <Page title={t('admin.bills.title')} wide>
      <div className="two-columns">
        <div>
          <form className="filters" role="search" onSubmit={submit}>
            <TextField
              label={t('admin.bills.month')}
              name="filter-month"
              type="month"
              value={money.billMonth}
              onChange={(month) => money.setBillMonth(month)}
            />
            <button type="submit" className="button button-primary" disabled={money.bills.status === 'loading'}>
              {t('admin.filter')}
            </button>
          </form>
          <LoadView loadable={money.bills}>
            {({ bills }) =>
              bills.length === 0 ? (
                <p className="empty">{t('admin.none')}</p>
              ) : (
                <table>
                  <caption className="visually-hidden">{t('admin.bills.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.bills.number')}</th>
                      <th scope="col">{t('admin.customer.account')}</th>
                      <th scope="col">{t('admin.bills.month')}</th>
                      <th scope="col">{t('admin.order.total')}</th>
                      <th scope="col">{t('admin.order.status')}</th>
                      <th scope="col">{t('admin.bills.due')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {bills.map((bill) => (
                      <tr key={bill.billNo}>
                        <td>{bill.billNo}</td>
                        <td>#{bill.customerId}</td>
                        <td>{bill.month}</td>
                        <td>{yen(bill.total)}</td>
                        <td>{bill.status}</td>
                        <td>{formatDay(bill.dueDate, language.lang)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )
            }
          </LoadView>
        </div>
        <BillRunForm />
      </div>
    </Page>
  );
});
