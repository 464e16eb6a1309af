import type { ReceiptSubject } from '../../contract/receipt-rules';
import type { ReceiptLink, ReceiptSummary } from '../../contract/receipt-views';
import type { HttpClient } from './http-client';

export type { ReceiptLink, ReceiptSummary } from '../../contract/receipt-views';

/** The receipt of a paid order, bill or charge (made on first asking); null while unpaid. */
export const fetchReceiptSummary = (http: HttpClient, kind: ReceiptSubject, no: string) =>
  http.request<ReceiptSummary>({ url: '/api/receipt/summary', data: { kind, no } });

/** The addressee, once. */
export const postAddressee = (http: HttpClient, kind: ReceiptSubject, no: string, addressee: string) =>
  http.request<ReceiptSummary>({ url: '/api/receipt/addressee', method: 'POST', data: { kind, no, addressee } });

/** A copy issued: a link to its PDF that works for a few minutes without the token header. */
export const postReceiptLink = (http: HttpClient, kind: ReceiptSubject, no: string, creditNoteNo?: string) =>
  http.request<ReceiptLink>({
    url: '/api/receipt/link',
    method: 'POST',
    data: { kind, no, ...(creditNoteNo ? { creditNoteNo } : {}) },
  });
