import { useTranslation } from 'react-i18next';
import type { StockView } from '../../../contract/esim-views';

/**
 * Stock at or below ESIM_STOCK_LOW (the server's `low`): how many are left, the threshold and
 * how many orders wait, so staff import before customers wait longer.
 */
export function LowStockBanner({ stock }: { stock: Pick<StockView, 'counts' | 'threshold' | 'low' | 'waiting'> }) {
  const { t } = useTranslation();
  if (!stock.low) return null;
  return (
    <p className="esim-low" role="alert">
      {t('admin.esim.low', { available: stock.counts.available, threshold: stock.threshold, waiting: stock.waiting })}
    </p>
  );
}
