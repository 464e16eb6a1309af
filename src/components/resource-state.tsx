import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../lib/resource';

interface Props<T> {
  resource: Resource<T>;
  /** For lists: the message when the list came back empty. */
  emptyKey?: string;
  /** While loading, placeholders of the real items' size; without them nothing is drawn. */
  placeholderCount?: number;
  placeholderClass?: string;
  /** Already translated; replaces the server's message or the generic one for a failed load. */
  errorText?: string;
  children: ReactNode;
}

/** A load that failed, with the way to try again. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="inline-status" role="alert">
      <p>{text || t('home.loadError')}</p>
      <button type="button" className="button button-outline" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}

const hasData = (data: unknown) => (Array.isArray(data) ? data.length > 0 : data !== null && data !== undefined);

/**
 * Loading placeholders of the real items' size (so nothing jumps when data arrives), an
 * error with a retry, an empty message, or the content. Data already shown stays while it
 * reloads or when a reload fails.
 */
function ResourceStateView<T>({ resource, emptyKey, placeholderCount = 0, placeholderClass = '', errorText, children }: Props<T>) {
  const { t } = useTranslation();
  const shown = hasData(resource.data);
  if (resource.status === 'error' && !shown) {
    return <LoadFailed text={errorText || resource.message} onRetry={() => void resource.load()} />;
  }
  if ((resource.status === 'idle' || resource.status === 'loading') && !shown) {
    if (placeholderCount === 0) return null;
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
  if (!shown) return emptyKey ? <p className="inline-status">{t(emptyKey)}</p> : null;
  return <>{children}</>;
}

export const ResourceState = observer(ResourceStateView) as typeof ResourceStateView;
