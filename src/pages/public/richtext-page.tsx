import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import { RichText } from '../../components/rich-text';
import '../../components/help-page.css';

/** Terms, privacy policy, SIM rules: stored HTML, sanitized before it is shown. */
export default observer(function RichtextPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { content } = useStores();
  const [params] = useSearchParams();
  const resource = content.page(params.get('name') ?? 'terms');
  useEffect(() => {
    void resource.load();
  }, [resource]);
  const page = resource.data;
  const failed = !page && resource.status === 'error';
  return (
    <>
      <PageHeader title={page?.title ?? t(titleKey)} />
      <main id="main" className="page help" aria-busy={!page && !failed}>
        {/* A page that is not there will not appear on a retry; one the network lost may. */}
        {failed && resource.error === 'NOT_FOUND' && <p role="alert">{t('app.notFoundHint')}</p>}
        {failed && resource.error !== 'NOT_FOUND' && (
          <LoadFailed text={resource.message} reference={resource.reference} onRetry={() => void resource.load()} />
        )}
        {page && <RichText html={page.html} className="card" />}
      </main>
    </>
  );
});
