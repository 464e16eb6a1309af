import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/lazy-page';
import { useStores } from '../../app/store-context';
import { PageHeader } from '../../components/page-header';
import { LoadFailed } from '../../components/load-failed';
import '../../components/help-page.css';

function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(h));
}

/** Pick a store for pickup; nearest first once the customer allows their location. */
export default observer(function ChooseLocationPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { content, purchase, language } = useStores();
  const [here, setHere] = useState<{ lat: number; lng: number } | null>(null);
  const [denied, setDenied] = useState(false);
  useEffect(() => {
    void content.stores.load();
  }, [content, language.lang]);
  const locate = () =>
    navigator.geolocation?.getCurrentPosition(
      (p) => setHere({ lat: p.coords.latitude, lng: p.coords.longitude }),
      () => setDenied(true),
      { timeout: 10_000 },
    );
  const stores = [...content.stores.data].sort((a, b) =>
    here ? distanceKm(here, a) - distanceKm(here, b) : a.id - b.id,
  );
  const choose = (id: number) => {
    purchase.updateForm({ delivery: 'pickup', storeId: String(id) });
    navigate('/pages/process/information');
  };
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <main id="main" className="page help" aria-busy={content.stores.status === 'loading'}>
        <button type="button" className="button button-outline button-block" onClick={locate}>
          {t('help.useMyLocation')}
        </button>
        {denied && <p role="status">{t('help.locationDenied')}</p>}
        {content.stores.status === 'error' && stores.length === 0 && (
          <LoadFailed
            text={content.stores.message}
            reference={content.stores.reference}
            onRetry={() => void content.stores.load()}
          />
        )}
        <ul className="bill-list" style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 10 }}>
          {stores.map((s) => (
            <li key={s.id} className="card">
              <h2>{s.name}</h2>
              <p>{s.address}</p>
              {here && <p>{t('help.distance', { km: distanceKm(here, s).toFixed(1) })}</p>}
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
                <button type="button" className="button button-primary button-small" onClick={() => choose(s.id)}>
                  {t('help.pickHere')}
                </button>
                <Link className="button button-outline button-small" to={`/open-location?store=${s.id}`}>
                  {t('help.showMap')}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
});
