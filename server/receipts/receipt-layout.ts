import type { Lang } from '../../contract/api.js';
import type { Brand } from '../../contract/brand.js';
import type { RateTotal, ReceiptLine } from '../db/schema.js';
import { message } from '../lib/messages.js';

// Where everything goes on an A4 page, in points from the top left; the worker only draws.
// Every qualified-invoice item (issuer and registration number, transaction date, what was
// sold, amount and tax per rate with the rate, the recipient) is placed here.

export type Step =
  | {
      t: 'text';
      x: number;
      y: number;
      size: number;
      text: string;
      align?: 'left' | 'right' | 'center';
      bold?: boolean;
      color?: number[];
    }
  | { t: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; color?: number[] }
  | { t: 'box'; x: number; y: number; w: number; h: number; width: number; color: number[] };

export interface Layout {
  width: number;
  height: number;
  font: 'zh-Hans' | 'ja';
  title: string;
  steps: Step[];
}

/** What one document says, whichever it is. */
export interface PrintedDocument {
  kind: 'receipt' | 'credit';
  lang: Lang;
  brand: Brand;
  number: string;
  /** The receipt a credit note returns part of. */
  receiptNo?: string;
  issuedOn: Date;
  /** The payment's date; for a credit note, the refund's. */
  transactionOn: Date;
  addressee: string;
  subjectType: string;
  subjectNo: string;
  paymentMethod: string;
  lines: ReceiptLine[];
  rateTotals: RateTotal[];
  total: number;
  /** The second and later copy. */
  reissue: boolean;
}

const W = 595;
const H = 842;
const LEFT = 48;
const RIGHT = W - 48;
const GREY = [0.45, 0.45, 0.45];
const RED = [0.8, 0.1, 0.1];

export const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

/** A day in Japan's calendar, as both languages write it. */
export function tokyoDate(at: Date): string {
  const d = new Date(at.getTime() + 9 * 3600_000);
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`;
}

export function layoutOf(doc: PrintedDocument): Layout {
  const w = (key: string, params: Record<string, string | number> = {}) =>
    message(doc.lang, `receipts.pdf.${key}`, params);
  const steps: Step[] = [];
  const text = (x: number, y: number, size: number, s: string, more: Partial<Extract<Step, { t: 'text' }>> = {}) =>
    steps.push({ t: 'text', x, y, size, text: s, ...more });
  const rule = (y: number, width = 0.6, color = [0, 0, 0]) =>
    steps.push({ t: 'line', x1: LEFT, y1: y, x2: RIGHT, y2: y, width, color });
  const credit = doc.kind === 'credit';
  const title = w(credit ? 'creditTitle' : 'title');

  text(W / 2, 70, 22, title, { align: 'center', bold: true });
  if (doc.reissue) {
    steps.push({ t: 'box', x: RIGHT - 76, y: 36, w: 76, h: 28, width: 1.5, color: RED });
    text(RIGHT - 38, 56, 15, w('reissue'), { align: 'center', color: RED, bold: true });
  }

  // The recipient on the left, the document's numbers and dates on the right.
  let y = 120;
  const name = doc.addressee || '';
  text(LEFT, y, 15, name);
  text(LEFT + 250, y, 15, w('honorific'));
  rule(y + 6, 0.8);
  text(RIGHT, y - 12, 9.5, `${w('number')}: ${doc.number}`, { align: 'right' });
  text(RIGHT, y + 2, 9.5, `${w('issuedOn')}: ${tokyoDate(doc.issuedOn)}`, { align: 'right' });
  text(RIGHT, y + 16, 9.5, `${w(credit ? 'refundedOn' : 'transactionOn')}: ${tokyoDate(doc.transactionOn)}`, {
    align: 'right',
  });
  if (credit && doc.receiptNo) text(RIGHT, y + 30, 9.5, `${w('forReceipt')}: ${doc.receiptNo}`, { align: 'right' });

  y = 190;
  steps.push({ t: 'box', x: LEFT, y: y - 26, w: 300, h: 40, width: 1, color: [0, 0, 0] });
  text(LEFT + 12, y, 13, w(credit ? 'refundAmount' : 'amount'));
  text(LEFT + 288, y, 18, `${yen(doc.total)} ${w('taxIncluded')}`, { align: 'right', bold: true });
  text(LEFT, y + 34, 10, w(credit ? 'creditNote' : 'received'));
  text(LEFT, y + 50, 9.5, `${w(`subject.${doc.subjectType}`)}: ${doc.subjectNo}`, { color: GREY });
  if (!credit && doc.paymentMethod)
    text(LEFT, y + 64, 9.5, `${w('paymentMethod')}: ${w(`method.${doc.paymentMethod}`)}`, { color: GREY });

  // What was sold, then the table per rate.
  y = 300;
  const cols = { name: LEFT + 4, qty: 350, unit: 425, amount: 500, rate: RIGHT - 4 };
  text(LEFT, y - 14, 11, w(credit ? 'refundLines' : 'lines'), { bold: true });
  rule(y - 4);
  text(cols.name, y + 10, 9.5, w('item'));
  text(cols.qty, y + 10, 9.5, w('qty'), { align: 'right' });
  text(cols.unit, y + 10, 9.5, w('unitPrice'), { align: 'right' });
  text(cols.amount, y + 10, 9.5, w('lineAmount'), { align: 'right' });
  text(cols.rate, y + 10, 9.5, w('taxRate'), { align: 'right' });
  rule(y + 16, 0.4);
  y += 32;
  for (const line of doc.lines) {
    text(cols.name, y, 10, line.name[doc.lang]);
    text(cols.qty, y, 10, String(line.qty), { align: 'right' });
    text(cols.unit, y, 10, yen(line.unitPrice), { align: 'right' });
    text(cols.amount, y, 10, yen(line.amount), { align: 'right' });
    text(cols.rate, y, 10, `${line.taxRate}%`, { align: 'right' });
    y += 18;
  }
  rule(y - 8, 0.4);

  y += 16;
  const rateCols = { rate: LEFT + 4, amount: 420, tax: RIGHT - 4 };
  text(rateCols.rate, y, 9.5, w('rateHead'));
  text(rateCols.amount, y, 9.5, w('rateAmount'), { align: 'right' });
  text(rateCols.tax, y, 9.5, w('rateTax'), { align: 'right' });
  rule(y + 6, 0.4);
  y += 22;
  for (const r of doc.rateTotals) {
    text(rateCols.rate, y, 10, w('rateRow', { rate: r.rate }));
    text(rateCols.amount, y, 10, yen(r.amount), { align: 'right' });
    text(rateCols.tax, y, 10, yen(r.tax), { align: 'right' });
    y += 18;
  }
  rule(y - 8, 0.8);
  y += 10;
  text(rateCols.rate, y, 11.5, w('total'), { bold: true });
  text(rateCols.amount, y, 11.5, yen(doc.total), { align: 'right', bold: true });
  const tax = doc.rateTotals.reduce((s, r) => s + r.tax, 0);
  text(rateCols.tax, y, 11.5, yen(tax), { align: 'right', bold: true });
  text(LEFT, y + 20, 8.5, w('rounding'), { color: GREY });

  // The issuer, as the brand configuration names it.
  y = Math.max(y + 70, 640);
  const company = doc.brand.company;
  text(LEFT, y, 10, w('issuer'), { color: GREY });
  text(LEFT, y + 20, 13, company.legalName[doc.lang], { bold: true });
  text(LEFT, y + 38, 10, company.address[doc.lang]);
  text(LEFT, y + 56, 10, `${w('registrationNo')}: ${company.invoiceNumber}`);
  text(LEFT, y + 74, 9.5, `${doc.brand.name[doc.lang]}  ${doc.brand.contact.phone}  ${doc.brand.contact.email}`, {
    color: GREY,
  });
  if (doc.reissue) text(RIGHT, H - 40, 8.5, w('reissueNote'), { align: 'right', color: RED });

  return { width: W, height: H, font: doc.lang === 'ja' ? 'ja' : 'zh-Hans', title: `${title} ${doc.number}`, steps };
}
