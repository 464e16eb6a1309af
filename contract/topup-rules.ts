import { addDays, addMonths } from './calendar';

// Data add-ons (docs/lifecycle.md#top-up): defined here as data, priced before tax in yen.
// `month_end` lasts to the end of the Tokyo month it is bought in; `days` for `days` days
// counting the day of purchase.

export interface DataAddon {
  id: string;
  megabytes: number;
  priceExTax: number;
  validity: { kind: 'month_end' } | { kind: 'days'; days: number };
}

export const DATA_ADDONS: readonly DataAddon[] = [
  { id: '1gb', megabytes: 1024, priceExTax: 500, validity: { kind: 'month_end' } },
  { id: '3gb', megabytes: 3072, priceExTax: 1200, validity: { kind: 'days', days: 30 } },
];

export const addonById = (id: string): DataAddon | undefined => DATA_ADDONS.find((a) => a.id === id);

/** The last Tokyo day an add-on bought (applied) on `tokyoDay` counts. */
export function addonValidUntil(addon: DataAddon, tokyoDay: string): string {
  if (addon.validity.kind === 'days') return addDays(tokyoDay, addon.validity.days - 1);
  return addDays(addMonths(`${tokyoDay.slice(0, 7)}-01`, 1), -1);
}

/** Automatic top-up: a customer's cap of automatic purchases per Tokyo month. */
export const AUTO_TOPUP_CAP_MIN = 1;
export const AUTO_TOPUP_CAP_MAX = 5;
/** Fires when this month's use reaches the quota (plan plus add-ons still valid). */
export const AUTO_TOPUP_AT_PERCENT = 100;
