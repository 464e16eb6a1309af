// Receipts and qualified invoices (issue 33): a receipt per paid order, bill or charge, made
// on first asking from what was charged; a credit note per completed refund; the PDF drawn by
// MuPDF in a worker thread. It reads orders, bills, charges, payments and refunds from the
// tables and imports no other domain.
// This file is the domain's public entry: other domains, app.ts, jobs/ and ops/ import only
// what it exports (docs/architecture.md#server-domains).
import type { FastifyInstance } from 'fastify';
import { adminReceiptRoutes } from './routes/admin-receipts.js';
import { receiptRoutes } from './routes/receipts.js';

export { receiptFor, creditNotesOf } from './receipts.js';
export { stopReceiptWorker } from './receipt-pdf.js';

/** Registers the domain's routes (app.ts). */
export async function receiptsDomain(app: FastifyInstance): Promise<void> {
  await app.register(receiptRoutes);
  await app.register(adminReceiptRoutes);
}
