import { useTranslation } from 'react-i18next';

/** This month's use as a share of the quota, 0-100 (the line page and the top-up page). */
export function UsageBar({ percent }: { percent: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="usage-bar"
      role="progressbar"
      aria-label={t('line.usageTitle')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}
