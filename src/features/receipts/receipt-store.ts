import { makeAutoObservable, runInAction } from 'mobx';
import type { ReceiptSubject } from '../../../contract/receipt-rules';
import type { PlatformBridge } from '../../../bridges/types';
import type { HttpClient } from '../../api/http-client';
import { fetchReceiptSummary, postAddressee, postReceiptLink, type ReceiptSummary } from '../../api/receipts';
import { toResult, type ActionResult } from '../../lib/action-result';
import { Resource } from '../../lib/resource';

/**
 * A paid order's or bill's receipt (issue 33): whether there is one, the addressee set once,
 * and a copy opened. The PDF opens in the same view (inside WeChat or Alipay a download may be
 * refused, and the view shows a PDF); its link is made by the server for a few minutes, as a
 * plain link carries no token header.
 */
export class ReceiptStore {
  readonly summary: Resource<ReceiptSummary>;
  busy = false;

  constructor(
    private readonly http: HttpClient,
    private readonly bridge: PlatformBridge,
    readonly kind: ReceiptSubject,
    readonly no: string,
  ) {
    this.summary = new Resource(() => fetchReceiptSummary(http, kind, no), { receipt: null });
    makeAutoObservable<ReceiptStore, 'http' | 'bridge'>(this, { http: false, bridge: false, summary: false });
  }

  load(): Promise<void> {
    return this.summary.load();
  }

  /**
   * Sets the addressee when one was typed (and none is fixed yet), then opens a copy. A refusal
   * of the addressee stops before a copy is issued, so nothing is fixed by mistake.
   */
  async open(addressee: string, creditNoteNo?: string): Promise<ActionResult<undefined>> {
    if (this.busy) return { ok: false, msg: '', error: 'BUSY', fields: {} };
    this.busy = true;
    try {
      const receipt = this.summary.data.receipt;
      if (!creditNoteNo && receipt && !receipt.addresseeFixed && addressee.trim()) {
        const set = await toResult(
          () => postAddressee(this.http, this.kind, this.no, addressee),
          (d) => d,
        );
        if (!set.ok) return set;
        this.summary.set(set.value);
      }
      const link = await toResult(
        () => postReceiptLink(this.http, this.kind, this.no, creditNoteNo),
        (d) => d,
      );
      if (!link.ok) return link;
      // Counted as issued: the page says "reissue" next time, and the addressee is fixed.
      void this.summary.load();
      this.bridge.redirect(link.value.url);
      return { ok: true, msg: '', value: undefined };
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}
