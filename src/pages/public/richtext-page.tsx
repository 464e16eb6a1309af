import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CODE_OK } from '../../../contract/api';
import { fetchPage, type PageContent } from '../../api/purchase';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { RichText } from '../../components/rich-text';
import './help.css';

/** Terms, privacy policy, SIM rules: stored HTML, sanitized before it is shown. */
export default observer(function RichtextPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { http, language } = useStores();
  const [params] = useSearchParams();
  const name = params.get('name') ?? 'terms';
  const [page, setPage] = useState<PageContent | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    setPage(null);
    setMissing(false);
    fetchPage(http, name)
      .then((res) => live && (res.code === CODE_OK ? setPage(res.data) : setMissing(true)))
      .catch(() => live && setMissing(true));
    return () => {
      live = false;
    };
  }, [http, name, language.lang]);
  return (
    <>
      <PageHeader title={page?.title ?? t(titleKey)} />
      <main id="main" className="page help" aria-busy={!page && !missing}>
        {missing && <p role="alert">{t('app.notFoundHint')}</p>}
        {page && <RichText html={page.html} className="card" />}
      </main>
    </>
  );
});
