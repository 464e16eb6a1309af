// The staff console behind sign-in: every area's page. A chunk of its own, loaded once a
// staff member is signed in, so the sign-in screen paints without it (issue 32).
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import cn from '../../locales/cn.json?admin';
import ja from '../../locales/ja.json?admin';
import { AREAS, Layout } from './components/layout';
import { Page } from './components/page';
import { AuditPage } from './pages/audit-page';
import { CustomerPage } from './pages/customer-page';
import { CustomersPage } from './pages/customers-page';
import { EsimStockPage } from './pages/esim-stock-page';
import { FulfilmentPage } from './pages/fulfilment-page';
import { BillsPage } from './pages/bills-page';
import { OrderPage } from './pages/order-page';
import { PaymentPage } from './pages/payment-page';
import { PaymentsPage } from './pages/payments-page';
import { RefundsPage } from './pages/refunds-page';
import { ReviewQueuePage } from './pages/review-queue-page';
import { StaffPage } from './pages/staff-page';
import { UsagePage } from './pages/usage-page';
import { ConsoleStores } from './stores/console-stores';
import { useAdmin } from './stores/store-context';

/** The first area the role may use: where /admin/ opens. */
const Home = observer(function Home() {
  const { t } = useTranslation();
  const { session } = useAdmin();
  const first = AREAS.find((area) => area.home !== false && session.can(area.permission));
  if (first) return <Navigate to={first.path} replace />;
  return (
    <Page title={t('admin.home.title')}>
      <p>{t('admin.home.nothing')}</p>
    </Page>
  );
});

function NotFound() {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.notFound')}>
      <p>{t('admin.notFoundHint')}</p>
    </Page>
  );
}

/** The console's areas, as the signed-in staff member's role allows. */
export default function Console() {
  const root = useAdmin();
  // Before any page draws: the areas' stores, and both languages' whole dictionaries (a
  // customer's texts show in either). The router too comes only with the console.
  useState(() => {
    root.openConsole((client) => new ConsoleStores(client));
    root.language.addWords({ cn, ja });
  });
  return (
    <BrowserRouter basename="/admin">
      <Layout>
        <Routes>
          <Route index element={<Home />} />
          <Route path="review" element={<ReviewQueuePage />} />
          <Route path="orders/:orderNo" element={<OrderPage />} />
          <Route path="fulfilment" element={<FulfilmentPage />} />
          <Route path="esim" element={<EsimStockPage />} />
          <Route path="customers" element={<CustomersPage />} />
          <Route path="customers/:id" element={<CustomerPage />} />
          <Route path="money/payments" element={<PaymentsPage />} />
          <Route path="money/payments/:paymentNo" element={<PaymentPage />} />
          <Route path="money/refunds" element={<RefundsPage />} />
          <Route path="money/bills" element={<BillsPage />} />
          <Route path="money/usage" element={<UsagePage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="staff" element={<StaffPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Layout>
    </BrowserRouter>
  );
}
