import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { brandWords } from '../../../contract/brand.js';
import { isLang, type Lang } from '../../../contract/api.js';
import {
  adminReceiptQuerySchema,
  adminReceiptResentSchema,
  receiptSummarySchema,
} from '../../../contract/receipt-views.js';
import { users } from '../../db/schema.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError, NotFoundError } from '../../lib/errors.js';
import { message } from '../../lib/messages.js';
import { staffGuard } from '../../lib/staff-auth.js';
import { auditStaff } from '../../lib/staff-sessions.js';
import { withContract } from '../../lib/validate.js';
import { creditNoteOf, fileNameOf, receiptPdf } from '../receipt-files.js';
import { receiptFor } from '../receipts.js';
import { yen } from '../receipt-layout.js';
import { sendPdf, summaryOf } from './receipts.js';

const langOf = (value: unknown): Lang => (isLang(value) ? value : 'cn');

/** Where the customer finds the receipt in the app: the order's page, the bill's, or their page. */
function pageOf(origin: string, kind: string, no: string): string {
  const base = `${origin.replace(/\/+$/, '')}/h5/pages`;
  if (kind === 'order') return `${base}/order/detail?orderNo=${encodeURIComponent(no)}`;
  if (kind === 'bill') return `${base}/user/pay?billNo=${encodeURIComponent(no)}`;
  return `${base}/user/index`;
}

/**
 * The console's receipts [money]: any paid subject's receipt (made on first asking, as for the
 * customer), its PDF, and a mail to the customer with the page to download it from. Opening
 * and resending are audited.
 */
export async function adminReceiptRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);
  const staff = staffGuard(app);
  const guard = staff.guard('money');

  const found = async (kind: 'order' | 'bill' | 'charge', no: string) => {
    const receipt = await receiptFor(app.db, kind, no, null);
    if (!receipt) throw new NotFoundError();
    return receipt;
  };

  app.get(
    '/api/admin/receipts',
    { ...guard, schema: { querystring: adminReceiptQuerySchema, response: replies(receiptSummarySchema) } },
    // A payment's page asks for any paid or refunded payment; one whose subject has nothing to
    // receipt (a surplus payment of an order never marked paid) shows "none", not a 404.
    async (request) =>
      ok(request.lang, await summaryOf(app.db, await receiptFor(app.db, request.query.kind, request.query.no, null))),
  );

  app.get(
    '/api/admin/receipts/pdf',
    {
      ...guard,
      exposeHeadRoute: false,
      schema: { querystring: adminReceiptQuerySchema.extend({ creditNoteNo: z.string().max(40).optional() }) },
    },
    async (request, reply) => {
      const { kind, no, creditNoteNo } = request.query;
      const receipt = await found(kind, no);
      const note = creditNoteNo ? await creditNoteOf(app.db, receipt, creditNoteNo) : null;
      await auditStaff(app.db, staff.signedIn(request).actor, 'receipt-open', note?.creditNoteNo ?? receipt.receiptNo, {
        kind,
        no,
      });
      // Not counted as the customer's copy, and always marked as a reissue: a copy staff print
      // is never a second original.
      const [owner] = await app.db.select({ lang: users.lang }).from(users).where(eq(users.id, receipt.userId));
      const bytes = await receiptPdf(app.config.BRAND, langOf(owner?.lang), receipt, note, 2);
      return sendPdf(reply, fileNameOf(receipt, note), bytes, 'inline');
    },
  );

  app.post(
    '/api/admin/receipts/resend',
    { ...guard, schema: { body: adminReceiptQuerySchema, response: replies(adminReceiptResentSchema) } },
    async (request) => {
      const { kind, no } = request.body;
      const receipt = await found(kind, no);
      const [owner] = await app.db
        .select({ email: users.email, lang: users.lang })
        .from(users)
        .where(eq(users.id, receipt.userId));
      if (!owner?.email) throw new ApiError('EMAIL_INVALID');
      const lang = langOf(owner.lang);
      const words = {
        ...brandWords(app.config.BRAND, lang),
        receiptNo: receipt.receiptNo,
        amount: yen(receipt.total),
        url: pageOf(app.config.PUBLIC_URL, kind, no),
      };
      await app.mail.send({
        to: owner.email,
        subject: message(lang, 'receipts.mail.subject', words),
        text: message(lang, 'receipts.mail.body', words),
      });
      await auditStaff(app.db, staff.signedIn(request).actor, 'receipt-resend', receipt.receiptNo, { kind, no });
      return ok(request.lang, { receiptNo: receipt.receiptNo, sentTo: owner.email });
    },
  );
}
