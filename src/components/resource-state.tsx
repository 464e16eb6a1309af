import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../lib/resource';
import { SupportReference } from './support-reference';

interface Props<T> {
  resource: Resource<T[]>;
  emptyKey: string;
  placeholderCount: number;
  placeholderClass: string;
  children: ReactNode;
}

/**
 * Loading placeholders of the real items' size (so nothing jumps when data arrives), an
 * error with a retry, an empty message, or the content.
 */
function ResourceStateView<T>({ resource, emptyKey, placeholderCount, placeholderClass, children }: Props<T>) {
  const { t } = useTranslation();
  if (resource.status === 'error' && resource.data.length === 0) {
    return (
      <div className="inline-status" role="alert">
        <p>{resource.message || t('home.loadError')}</p>
        <button type="button" className="button button-outline" onClick={() => void resource.load()}>
          {t('app.retry')}
        </button>
        <SupportReference id={resource.reference} />
      </div>
    );
  }
  if ((resource.status === 'idle' || resource.status === 'loading') && resource.data.length === 0) {
    return (
      <ul className="placeholder-list" aria-busy="true" aria-label={t('app.loading')}>
        {Array.from({ length: placeholderCount }, (_, i) => (
          // Keys unlike any item id: React must not reuse a placeholder as a real item, which
          // would move that node and count as a layout shift.
          <li key={`placeholder-${i}`} className={`${placeholderClass} placeholder`} />
        ))}
      </ul>
    );
  }
  if (resource.data.length === 0) return <p className="inline-status">{t(emptyKey)}</p>;
  return <>{children}</>;
}

export const ResourceState = observer(ResourceStateView) as typeof ResourceStateView;
