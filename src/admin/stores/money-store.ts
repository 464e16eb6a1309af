import { makeAutoObservable, runInAction } from 'mobx';
import type {
  AdminPayment,
  BillList,
  BillRunPreview,
  BillRunResult,
  PaymentList,
  RefundBody,
  RefundList,
  UsageImportResult,
} from '../../../contract/admin-api';
import type { AdminApi } from '../api/endpoints';
import { Action, Loadable } from './loadable';

/** Payments, refunds, bills, the bill run and the usage import. */
export class MoneyStore {
  paymentFilter = { status: '', q: '' };
  readonly payments = new Loadable<PaymentList>();
  readonly payment = new Loadable<AdminPayment>();
  /** Yen of the last refund sent from the payment page, for its success message. */
  refundSent: number | null = null;
  readonly refund = new Action(async (body: RefundBody) => {
    const paymentNo = this.payment.data?.payment.paymentNo;
    if (!paymentNo) return;
    runInAction(() => (this.refundSent = null));
    const payment = await this.api.refund(paymentNo, body);
    runInAction(() => {
      this.payment.set(payment);
      this.refundSent = body.amount;
    });
  });

  refundStatus = '';
  readonly refunds = new Loadable<RefundList>();
  /** The refund whose retry is running, if any. */
  retrying = '';
  /** The refund as the last retry left it, for the success message. */
  retried: RefundList['refunds'][number] | null = null;
  readonly retry = new Action(async (refundNo: string) => {
    runInAction(() => {
      this.retrying = refundNo;
      this.retried = null;
    });
    try {
      const { refund } = await this.api.retryRefund(refundNo);
      runInAction(() => {
        this.retried = refund;
        const list = this.refunds.data;
        if (list) this.refunds.set({ refunds: list.refunds.map((row) => (row.refundNo === refundNo ? refund : row)) });
      });
    } finally {
      runInAction(() => (this.retrying = ''));
    }
  });

  billMonth = '';
  readonly bills = new Loadable<BillList>();
  readonly billRun = new Action((month: string) => this.api.billRun(month));
  billRunResult: BillRunResult | null = null;
  /** The month the last run was for, named in its success message. */
  billRunMonth = '';
  /** What the run would issue, asked before the confirmation names it. */
  readonly billPreview = new Action((month: string) => this.api.billRunPreview(month));

  /** The file as read, and what its dry run said: the real import is offered for that text only. */
  usageCsv = '';
  usageFile = '';
  dryRun: UsageImportResult | null = null;
  imported: UsageImportResult | null = null;
  readonly usage = new Action(async (dryRun: boolean) => {
    const csv = this.usageCsv;
    const result = await this.api.usage({ csv, dryRun });
    runInAction(() => {
      if (dryRun) this.dryRun = result;
      else {
        this.imported = result;
        this.dryRun = null;
      }
    });
  });

  constructor(private readonly api: AdminApi) {
    makeAutoObservable<MoneyStore, 'api'>(this, { api: false });
  }

  setPaymentFilter(filter: Partial<MoneyStore['paymentFilter']>): void {
    this.paymentFilter = { ...this.paymentFilter, ...filter };
  }

  loadPayments(): Promise<void> {
    const filter = { ...this.paymentFilter };
    return this.payments.load(() => this.api.payments(filter));
  }

  /** The preview for the confirmation; null when it was refused (billPreview.error says why). */
  previewBills(month: string): Promise<BillRunPreview | undefined> {
    this.billRun.clear();
    return this.billPreview.run(month);
  }

  openPayment(paymentNo: string): Promise<void> {
    this.refund.clear();
    this.refundSent = null;
    return this.payment.load(() => this.api.payment(paymentNo));
  }

  setRefundStatus(status: string): void {
    this.refundStatus = status;
  }

  loadRefunds(keep = false): Promise<void> {
    const status = this.refundStatus;
    return this.refunds.load(() => this.api.refunds(status), keep);
  }

  setBillMonth(month: string): void {
    this.billMonth = month;
  }

  loadBills(): Promise<void> {
    const month = this.billMonth;
    return this.bills.load(() => this.api.bills(month));
  }

  async runBills(month: string): Promise<void> {
    const result = await this.billRun.run(month);
    if (!result) return;
    runInAction(() => {
      this.billRunResult = result;
      this.billRunMonth = month;
      this.billMonth = month;
    });
    await this.loadBills();
  }

  setUsageCsv(csv: string, file = ''): void {
    this.usageCsv = csv;
    this.usageFile = file;
    this.dryRun = null;
    this.imported = null;
    this.usage.clear();
  }

  reset(): void {
    this.paymentFilter = { status: '', q: '' };
    this.payments.reset();
    this.payment.reset();
    this.refunds.reset();
    this.bills.reset();
    this.billRunResult = null;
    this.billRunMonth = '';
    this.refundSent = null;
    this.retried = null;
    this.usageCsv = '';
    this.usageFile = '';
    this.dryRun = null;
    this.imported = null;
  }
}
