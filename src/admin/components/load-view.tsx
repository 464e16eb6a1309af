import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loadable } from '../stores/loadable';
import { LoadFailed } from './errors';

interface Props<T> {
  loadable: Loadable<T>;
  children: (data: T) => ReactNode;
}

/** Loading, a failed load with its reason and a retry (none for a role's refusal), or the data. */
function LoadViewInner<T>({ loadable, children }: Props<T>) {
  const { t } = useTranslation();
  if (loadable.status === 'error' && loadable.error) {
    return <LoadFailed error={loadable.error} onRetry={() => void loadable.retry()} />;
  }
  if (loadable.data === null) {
    return (
      <p className="loading" role="status" aria-busy="true">
        {t('admin.loading')}
      </p>
    );
  }
  return <>{children(loadable.data)}</>;
}

export const LoadView = observer(LoadViewInner) as typeof LoadViewInner;
