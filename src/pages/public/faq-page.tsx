import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import { TextField } from '../../components/text-field';
import { ContactChannels } from '../../features/service/contact-channels';
import { ServiceStatus } from '../../features/service/service-status';
import '../../components/help-page.css';

const TOPICS = ['buying', 'delivery', 'data', 'plan', 'billing', 'documents', 'service'];

export default observer(function FaqPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { content, appConfig } = useStores();
  const faqs = content.faqs;
  const [query, setQuery] = useState('');

  useEffect(() => {
    void faqs.load();
  }, [faqs]);

  const found = useMemo(() => {
    const q = query.trim().toLowerCase();
    return faqs.data.filter((f) => !q || `${f.question} ${f.answer}`.toLowerCase().includes(q));
  }, [faqs.data, query]);
  const loaded = faqs.status === 'ready' || faqs.data.length > 0;
  const failed = faqs.status === 'error' && !loaded;

  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page help" aria-busy={!loaded && !failed}>
        <TextField
          label={t('help.search')}
          type="search"
          value={query}
          onValueChange={setQuery}
          hint={t('help.searchHint')}
        />
        {/* Above the questions: they arrive later and grow below it, so nothing on screen moves. */}
        <section className="card" aria-labelledby="service-title">
          <h2 id="service-title">{t('home.serviceTitle')}</h2>
          <ServiceStatus config={appConfig.config} brief />
          <ContactChannels config={appConfig.config} />
        </section>
        {failed && <LoadFailed text={faqs.message} reference={faqs.reference} onRetry={() => void faqs.load()} />}
        {loaded && found.length === 0 && <p role="status">{t('help.noMatch')}</p>}
        {TOPICS.map((topic) => {
          const items = found.filter((f) => f.topic === topic);
          if (items.length === 0) return null;
          return (
            <section key={topic} aria-labelledby={`topic-${topic}`}>
              <h2 id={`topic-${topic}`}>{t(`help.topic.${topic}`)}</h2>
              {items.map((f) => (
                <details key={f.id} className="faq" open={query.trim().length > 0}>
                  <summary>{f.question}</summary>
                  <p>{f.answer}</p>
                </details>
              ))}
            </section>
          );
        })}
      </main>
    </>
  );
});
