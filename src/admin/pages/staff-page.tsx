import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadView } from '../components/load-view';
import { Page } from '../components/page';
import { useAdmin } from '../stores/store-context';

/** Staff accounts; they are added, disabled and reset with `npm run ops -- staff ...`. */
export const StaffPage = observer(function StaffPage() {
  const { t } = useTranslation();
  const { staff } = useAdmin();
  useEffect(() => {
    void staff.load();
  }, [staff]);
  return (
    <Page title={t('admin.staff.title')}>
      <p className="lead">{t('admin.staff.intro')}</p>
      <LoadView loadable={staff.list}>
        {({ staff: rows }) => (
          <table>
            <caption className="visually-hidden">{t('admin.staff.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.signIn.login')}</th>
                <th scope="col">{t('admin.staff.name')}</th>
                <th scope="col">{t('admin.staff.role')}</th>
                <th scope="col">{t('admin.staff.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.login}>
                  <td>{row.login}</td>
                  <td>{row.name}</td>
                  <td>{t(`admin.roles.${row.role}`)}</td>
                  <td>{t(`admin.staff.states.${row.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </LoadView>
    </Page>
  );
});
