import { makeAutoObservable } from 'mobx';
import type { ReceiptSummary } from '../../../contract/receipt-views';
import { withQuery, type AdminClient } from '../api/client';
import { Action, Loadable } from './loadable';

type Kind = 'order' | 'bill' | 'charge';

/**
 * A paid subject's receipt in the console [money] (issue 33): its number and credit notes, the
 * PDF opened in a new tab (the staff cookie goes with a plain link; the server audits the look),
 * and a mail to the customer with the page to download it from (audited too).
 */
export class ReceiptAdminStore {
  readonly summary = new Loadable<ReceiptSummary>();
  readonly resend = new Action(async () =>
    this.client.post<{ sentTo: string }>('/api/admin/receipts/resend', this.subject),
  );

  constructor(
    private readonly client: AdminClient,
    private readonly subject: { kind: Kind; no: string },
  ) {
    makeAutoObservable<ReceiptAdminStore, 'client' | 'subject'>(this, { client: false, subject: false });
  }

  load(): Promise<void> {
    return this.summary.load(() => this.client.get<ReceiptSummary>('/api/admin/receipts', this.subject));
  }

  pdfUrl(creditNoteNo?: string): string {
    return withQuery('/api/admin/receipts/pdf', { ...this.subject, creditNoteNo });
  }
}
