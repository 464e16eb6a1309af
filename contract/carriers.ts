import type { Lang } from './api.js';

/** Who carries a SIM to the customer. */
export const CARRIERS = ['japanpost', 'yamato', 'sagawa'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const carrierOf = (value: string | null | undefined): Carrier =>
  value === 'yamato' || value === 'sagawa' ? value : 'japanpost';

/** Each carrier's own tracking page, which takes the number in its address. */
export function trackingUrl(carrier: Carrier, trackingNo: string, lang: Lang): string {
  const no = encodeURIComponent(trackingNo);
  if (carrier === 'yamato') return `https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=${no}`;
  if (carrier === 'sagawa') return `https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=${no}`;
  return `https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=${no}&locale=${lang === 'ja' ? 'ja' : 'en'}`;
}
