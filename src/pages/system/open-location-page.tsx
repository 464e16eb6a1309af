import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import '../../components/help-page.css';

/** A store's location: map links that open the phone's map app (Apple, Google, Amap in China). */
export default observer(function OpenLocationPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { content, language, bridge } = useStores();
  const [params] = useSearchParams();
  useEffect(() => {
    void content.stores.load();
  }, [content, language.lang]);
  const store = content.stores.data.find((s) => String(s.id) === params.get('store'));
  const storeId = store?.id;
  useEffect(() => {
    if (!store) return;
    // Inside WeChat the store opens in WeChat's own map; the links below stay as a fallback.
    void bridge.openLocation(
      { latitude: store.lat, longitude: store.lng, name: store.name, address: store.address },
      (url) => content.jssdkSignature(url),
    );
    // Once per store: a reload of the store list (a language switch) must not open the map again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storeId]);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page help" aria-busy={content.stores.status === 'loading' && !store}>
        {content.stores.status === 'ready' && !store && <p role="alert">{t('app.notFoundHint')}</p>}
        {content.stores.status === 'error' && !store && (
          <LoadFailed
            text={content.stores.message}
            reference={content.stores.reference}
            onRetry={() => void content.stores.load()}
          />
        )}
        {store && (
          <section className="card" aria-labelledby="store-name">
            <h2 id="store-name">{store.name}</h2>
            <p>{store.address}</p>
            <p>{t('home.storeHours', { hours: store.hours })}</p>
            <div className="line-actions" style={{ display: 'grid', gap: 8 }}>
              <a
                className="button button-primary button-block"
                href={`https://maps.apple.com/?ll=${store.lat},${store.lng}&q=${encodeURIComponent(store.name)}`}
              >
                {t('help.appleMaps')}
              </a>
              <a
                className="button button-outline button-block"
                href={`https://www.google.com/maps/search/?api=1&query=${store.lat},${store.lng}`}
              >
                {t('help.googleMaps')}
              </a>
              <a
                className="button button-outline button-block"
                href={`https://uri.amap.com/marker?position=${store.lng},${store.lat}&name=${encodeURIComponent(store.name)}`}
              >
                {t('help.amap')}
              </a>
            </div>
          </section>
        )}
      </main>
    </>
  );
});
