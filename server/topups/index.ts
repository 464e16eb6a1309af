// Top-ups: data add-ons bought for a line (contract/topup-rules.ts), paid as charges through the
// payments domain and applied in the payment's transaction; automatic top-up with the card the
// gateway keeps (GMO-PG member and card registration).
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';

/** Registers the domain's routes (app.ts). */
export async function topupsDomain(app: FastifyInstance): Promise<void> {
  void app;
}
