import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  addresseeBodySchema,
  addresseeRule,
  receiptLinkBodySchema,
  receiptSubjectQuerySchema,
} from '../../../contract/receipt-rules.js';
import { receiptFileQuerySchema, receiptLinkSchema, receiptSummarySchema } from '../../../contract/receipt-views.js';
import { requireUser } from '../../lib/auth.js';
import { ok, replies } from '../../lib/envelope.js';
import { ApiError } from '../../lib/errors.js';
import { parseWith, withContract } from '../../lib/validate.js';
import { undrawable } from '../receipt-pdf.js';
import { creditNoteOf, fileNameOf, issueLink, openLink, receiptPdf } from '../receipt-files.js';
import { creditNotesOf, issueCopy, ownReceipt, receiptFor, setAddressee, type ReceiptRow } from '../receipts.js';
import type { Database } from '../../db/client.js';

/** What the app (and the console) shows of a subject's receipt. */
export async function summaryOf(db: Database, receipt: ReceiptRow | null) {
  if (!receipt) return { receipt: null };
  const notes = await creditNotesOf(db, receipt);
  return {
    receipt: {
      receiptNo: receipt.receiptNo,
      total: receipt.total,
      paidAt: receipt.paidAt.toISOString(),
      addressee: receipt.addressee,
      addresseeFixed: receipt.addressee !== '' || receipt.downloads > 0 || notes.some((n) => n.downloads > 0),
      downloads: receipt.downloads,
      creditNotes: notes.map((n) => ({
        creditNoteNo: n.creditNoteNo,
        amount: n.amount,
        refundedAt: n.refundedAt.toISOString(),
      })),
    },
  };
}

/** A PDF for the customer to keep: never cached anywhere, saved under an ASCII name. */
export function sendPdf(reply: FastifyReply, name: string, bytes: Buffer, disposition = 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${name}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(bytes);
}

/**
 * The customer's receipts: whether one exists for a paid order, bill or charge (made on first
 * asking), the addressee set once, a short-lived link to the PDF, and the PDF itself. Another
 * customer's subject answers 404, as one that does not exist.
 */
export async function receiptRoutes(fastify: FastifyInstance): Promise<void> {
  const app = withContract(fastify);

  app.get(
    '/api/receipt/summary',
    { schema: { querystring: receiptSubjectQuerySchema, response: replies(receiptSummarySchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const { kind, no } = request.query;
      // Not paid (or not found) reads as no receipt yet; another customer's subject the same.
      return ok(request.lang, await summaryOf(app.db, await receiptFor(app.db, kind, no, user.id)));
    },
  );

  app.post(
    '/api/receipt/addressee',
    { schema: { body: addresseeBodySchema, response: replies(receiptSummarySchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const { kind, no } = request.body;
      const { addressee } = parseWith(z.object({ addressee: addresseeRule }), request.body);
      const receipt = await ownReceipt(app.db, user.id, kind, no);
      // A character the receipt's font has no glyph for would print as a gap on a legal document.
      if ((await undrawable(addressee)).length > 0)
        throw new ApiError('ADDRESSEE_INVALID', 200, { addressee: 'ADDRESSEE_INVALID' });
      return ok(request.lang, await summaryOf(app.db, await setAddressee(app.db, receipt, addressee)));
    },
  );

  app.post(
    '/api/receipt/link',
    { schema: { body: receiptLinkBodySchema, response: replies(receiptLinkSchema) } },
    async (request) => {
      const { user } = await requireUser(app, request);
      const { kind, no, creditNoteNo } = request.body;
      const receipt = await ownReceipt(app.db, user.id, kind, no);
      const note = creditNoteNo ? await creditNoteOf(app.db, receipt, creditNoteNo) : null;
      const link = await issueLink(app.db, receipt, note, request.lang);
      return ok(request.lang, {
        url: `/api/receipt/file?t=${link.token}`,
        expiresAt: link.expiresAt.toISOString(),
      });
    },
  );

  // The link's PDF: no session (a plain link carries no token header); the link is the proof.
  app.get(
    '/api/receipt/file',
    // No HEAD twin: a HEAD would draw the whole PDF for nothing.
    { exposeHeadRoute: false, schema: { querystring: receiptFileQuerySchema } },
    async (request, reply) => {
      const { receipt, creditNote, copy, lang } = await openLink(app.db, request.query.t);
      const bytes = await receiptPdf(app.config.BRAND, lang, receipt, creditNote, copy);
      // Inline: inside WeChat or Alipay the view shows it, where a download may be refused.
      return sendPdf(reply, fileNameOf(receipt, creditNote), bytes, 'inline');
    },
  );

  // For an API client with the token header: each call is a copy issued.
  app.get(
    '/api/receipt/pdf',
    {
      exposeHeadRoute: false,
      schema: { querystring: receiptSubjectQuerySchema.extend({ creditNoteNo: z.string().max(40).optional() }) },
    },
    async (request, reply) => {
      const { user } = await requireUser(app, request);
      const { kind, no, creditNoteNo } = request.query;
      const receipt = await ownReceipt(app.db, user.id, kind, no);
      const note = creditNoteNo ? await creditNoteOf(app.db, receipt, creditNoteNo) : null;
      const copy = await issueCopy(app.db, note ? 'credit' : 'receipt', note ? note.id : receipt.id);
      const bytes = await receiptPdf(app.config.BRAND, request.lang, receipt, note, copy);
      return sendPdf(reply, fileNameOf(receipt, note), bytes);
    },
  );
}
