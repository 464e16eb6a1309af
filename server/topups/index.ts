// Top-ups: data add-ons bought for a line (contract/topup-rules.ts), paid as charges through the
// payments domain and applied in the payment's transaction; automatic top-up with the card the
// gateway keeps (GMO-PG member and card registration).
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { PayMethod } from '../../contract/api.js';
import { createLinePlatform } from '../line/index.js';
import { createCardOnFile, type PaymentProvider } from '../payments/index.js';
import type { TopupDeps } from './deps.js';
import { adminTopupRoutes } from './routes/admin-topups.js';
import { topupRoutes } from './routes/topups.js';
// Loading topups.ts registers what paying a top-up's charge does (onChargePaid), in every process.
import './topups.js';

export type { TopupDeps } from './deps.js';
export { autoTopupSweep, type AutoTopupResult } from './auto-topup.js';
export { pushTopupsToCarrier } from './carrier.js';
export { createTopup } from './topups.js';
export { saveCard, setAutoTopup } from './card.js';

/** The domain's services from configuration (the worker; the app builds them from its decorations). */
export function createTopupDeps(
  config: Config,
  db: Database,
  providers: Record<PayMethod, PaymentProvider>,
  log?: TopupDeps['log'],
): TopupDeps {
  return {
    db,
    providers,
    cardOnFile: createCardOnFile(config, db),
    linePlatform: createLinePlatform(config, db),
    ...(log ? { log } : {}),
  };
}

/** Registers the domain's routes (app.ts). */
export async function topupsDomain(app: FastifyInstance): Promise<void> {
  const cardOnFile = createCardOnFile(app.config, app.db);
  const deps = (): TopupDeps => ({
    db: app.db,
    providers: app.payments,
    cardOnFile,
    linePlatform: app.linePlatform,
    log: app.log,
  });
  await app.register(topupRoutes(deps));
  await app.register(adminTopupRoutes);
}
