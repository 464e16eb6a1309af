import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { CancelCard } from '../../features/leave/cancel-card';
import { LeaveStore } from '../../features/leave/leave-store';
import { PortOutCard } from '../../features/leave/port-out-card';
import './line.css';

/** Leaving Japan (issue 31): the cancellation with its final bill, and the port-out of a voice line. */
export default observer(function CancelPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { http, language } = useStores();
  const [leave] = useState(() => new LeaveStore(http));
  useEffect(() => {
    void leave.load();
  }, [leave, language.lang]);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page line-page" aria-busy={leave.view.status === 'loading' && !leave.view.data}>
        <CancelCard leave={leave} />
        <PortOutCard leave={leave} />
      </main>
    </>
  );
});
