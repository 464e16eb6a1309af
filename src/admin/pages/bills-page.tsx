import { observer } from 'mobx-react-lite';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { BillRunPreview } from '../../../contract/admin-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormError } from '../components/errors';
import { TextField } from '../components/fields';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { formatDay, monthText, tokyoMonth, yen } from '../format';
import { useAdmin } from '../stores/store-context';

/** The run asks first, naming the month and how many bills the server says it would issue. */
const BillRunForm = observer(function BillRunForm() {
  const { t } = useTranslation();
  const { money } = useAdmin();
  const [month, setMonth] = useState(tokyoMonth());
  const [preview, setPreview] = useState<BillRunPreview | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(month)) {
      money.billRun.refuse('BAD_REQUEST', t('admin.bills.monthRule'), { month: 'invalid' });
      return;
    }
    setPreview((await money.previewBills(month)) ?? null);
  };
  // The month the dialog named, whatever the field says by now.
  const confirm = () => {
    if (preview) void money.runBills(preview.month);
    setPreview(null);
  };
  const error = money.billRun.error ?? money.billPreview.error;
  const result = money.billRunResult;
  let status = '';
  if (money.billPreview.running) status = t('admin.bills.previewing');
  else if (result && money.billRun.done)
    status = t('admin.bills.issued', { month: monthText(t, money.billRunMonth), count: result.created });
  return (
    <form className="panel" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="bill-run-heading">
      <h2 id="bill-run-heading">{t('admin.bills.runTitle')}</h2>
      <p className="muted">{t('admin.bills.runIntro')}</p>
      <FormError error={error} fields={['month']} />
      <TextField
        label={t('admin.bills.month')}
        name="month"
        type="month"
        value={month}
        onChange={setMonth}
        hint={t('admin.bills.monthHint')}
        error={error}
        required
      />
      {/* Always there, so a screen reader hears the message arrive in it. */}
      <p className={status ? 'notice' : undefined} role="status">
        {status}
      </p>
      <button
        type="submit"
        className="button button-primary"
        disabled={money.billRun.running || money.billPreview.running}
      >
        {t('admin.bills.run')}
      </button>
      <ConfirmDialog
        open={preview !== null}
        title={t('admin.bills.confirmTitle')}
        confirmLabel={t('admin.bills.confirm')}
        onConfirm={confirm}
        onCancel={() => setPreview(null)}
      >
        {preview ? (
          <p>
            {t('admin.bills.confirmText', {
              month: monthText(t, preview.month),
              count: preview.toIssue,
              lines: preview.lines,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </form>
  );
});

/** Bills of a month, and the month's bill run (safe to run twice). */
export const BillsPage = observer(function BillsPage() {
  const { t } = useTranslation();
  const { money, language, session } = useAdmin();
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
                        <td>
                          {session.can('customers') ? (
                            <Link to={`/customers/${bill.customerId}`}>{bill.customer}</Link>
                          ) : (
                            bill.customer
                          )}
                        </td>
                        <td>{monthText(t, bill.month)}</td>
                        <td>{yen(bill.total)}</td>
                        <td>{t(`admin.billStatus.${bill.status}`, { defaultValue: bill.status })}</td>
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
