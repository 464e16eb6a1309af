import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoreInfo } from '../../../contract/api';
import type { Resource } from '../../lib/resource';
import { ResourceState } from '../../components/resource-state';
import './store-list.css';

export const StoreList = observer(function StoreList({ stores }: { stores: Resource<StoreInfo[]> }) {
  const { t } = useTranslation();
  return (
    <ResourceState resource={stores} emptyKey="home.storesEmpty" placeholderCount={3} placeholderClass="store-card">
      <ul className="store-list">
        {stores.data.map((store) => (
          <li key={store.id} className="store-card">
            <h3>{store.name}</h3>
            <p>{store.address}</p>
            <p>{t('home.storeHours', { hours: store.hours })}</p>
            <p>
              <Link to={`/open-location?store=${store.id}`}>{t('help.showMap')}</Link>
            </p>
            {store.phone && (
              <p>
                {t('home.storePhone')}：<a href={`tel:${store.phone}`}>{store.phone}</a>
              </p>
            )}
          </li>
        ))}
      </ul>
    </ResourceState>
  );
});
