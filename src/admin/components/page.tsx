import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A console page: its heading, and the tab's title saying where the staff member is. */
export function Page({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('admin.brand')}`;
  }, [title, t]);
  return (
    <div className={wide ? 'page page-wide' : 'page'}>
      <h1>{title}</h1>
      {children}
    </div>
  );
}
