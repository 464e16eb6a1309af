import type { PayMethod } from '../../contract/api.js';
import type { Database } from '../db/client.js';
import type { LinePlatform } from '../line/index.js';
import type { CardOnFile, PaymentProvider } from '../payments/index.js';

/** What the top-up domain needs beyond the database: the same in the app and the worker. */
export interface TopupDeps {
  db: Database;
  /** The payment providers (a card-on-file charge is settled and refunded as any card payment). */
  providers: Record<PayMethod, PaymentProvider>;
  cardOnFile: CardOnFile;
  linePlatform: LinePlatform;
  log?: { error(object: object, message: string): void };
}
