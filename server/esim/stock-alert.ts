import { LANGS } from '../../contract/api.js';
import { max } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { esimProfiles } from '../db/schema.js';
import { message } from '../lib/messages.js';
import { queueMessages } from '../notifications/index.js';
import type { EsimDeps } from './profiles.js';

/**
 * Staff hear when an assignment leaves `available` at or below ESIM_STOCK_LOW: one mail to
 * ESIM_STOCK_ALERT_TO (both languages) per import batch, through the outbox in the assigning
 * transaction. Keyed by the newest profile imported, so two servers crossing the threshold at
 * once send one, and the next import's run-down is told again.
 */
export async function alertLowStock(
  tx: Database,
  deps: Pick<EsimDeps, 'stockLow' | 'stockAlertTo'>,
  available: number,
) {
  if (!deps.stockAlertTo || available > deps.stockLow) return;
  const params = { available, threshold: deps.stockLow };
  await queueMessages(tx, [
    {
      channel: 'mail',
      recipient: deps.stockAlertTo,
      subject: LANGS.map((lang) => message(lang, 'notify.esimStockLow.subject', params)).join(' / '),
      body: LANGS.map((lang) => message(lang, 'notify.esimStockLow.body', params)).join('\n\n'),
      kind: 'esim_stock_low',
      dedupeKey: `esim_stock_low:${await newestProfileId(tx)}`,
    },
  ]);
}

async function newestProfileId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(esimProfiles.id) }).from(esimProfiles);
  return row?.id ?? 0;
}
