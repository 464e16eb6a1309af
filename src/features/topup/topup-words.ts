import type { TFunction } from 'i18next';
import type { AddonView } from '../../api/topup';

/** "1 GB" or "512 MB", as the server's notification says it. */
export const sizeText = (megabytes: number): string =>
  megabytes % 1024 === 0 ? `${megabytes / 1024} GB` : `${megabytes} MB`;

/** How long an add-on lasts, in words: to the month's end, or for N days. */
export function validityText(t: TFunction, addon: Pick<AddonView, 'validity' | 'validUntil'>): string {
  return addon.validity.kind === 'days'
    ? t('topup.validDays', { days: addon.validity.days, until: addon.validUntil })
    : t('topup.validMonthEnd', { until: addon.validUntil });
}
