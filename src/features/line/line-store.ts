import { makeAutoObservable } from 'mobx';
import type { BillView, PackageView, PlanInfo, UsageView, UserInfo } from '../../../contract/api';
import type { HttpClient } from '../../api/http-client';
import {
  fetchBills,
  fetchPackage,
  fetchPersonal,
  fetchUsage,
  postBind,
  postChangeSetmeal,
  postPersonal,
  postSmsSend,
} from '../../api/line';
import { toResult, type ActionResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import { Resource } from '../../lib/resource';

/** The customer's line after the SIM arrived: what they see and what they may change. */
export class LineStore implements Clearable {
  readonly pkg: Resource<PackageView | null>;
  readonly usage: Resource<UsageView | null>;
  readonly bills: Resource<{ bills: BillView[] }>;
  readonly personal: Resource<{ info: Record<string, string>; cardAddress: Record<string, string> }>;
  /** The plan picked on the change screen, confirmed on the next. */
  chosenPlan: PlanInfo | null = null;

  constructor(
    private readonly http: HttpClient,
    private readonly onUserChanged: (user: UserInfo) => void,
  ) {
    this.pkg = new Resource(() => fetchPackage(http), null);
    this.usage = new Resource(() => fetchUsage(http), null);
    this.bills = new Resource(() => fetchBills(http), { bills: [] });
    this.personal = new Resource(() => fetchPersonal(http), { info: {}, cardAddress: {} });
    makeAutoObservable<LineStore, 'http' | 'onUserChanged'>(this, {
      http: false,
      onUserChanged: false,
      pkg: false,
      usage: false,
      bills: false,
      personal: false,
    });
  }

  /** Everything here is the customer's: the next one must not see it, even for a moment. */
  clear(): void {
    this.pkg.reset();
    this.usage.reset();
    this.bills.reset();
    this.personal.reset();
    this.chosenPlan = null;
  }

  choosePlan(plan: PlanInfo): void {
    this.chosenPlan = plan;
  }

  async changePlan(): Promise<ActionResult<{ effectiveDate?: string }>> {
    if (!this.chosenPlan) return { ok: false, msg: '', error: 'SETMEAL_REQUIRED', fields: {} };
    const result = await toResult(
      () => postChangeSetmeal(this.http, { planId: this.chosenPlan!.id }),
      (d) => d,
    );
    if (result.ok) void this.pkg.load();
    return result;
  }

  async cancelChange(): Promise<ActionResult> {
    const result = await toResult(
      () => postChangeSetmeal(this.http, { action: 'cancel' }),
      () => undefined,
    );
    if (result.ok) void this.pkg.load();
    return result;
  }

  sendSms(country: string, mobile: string): Promise<ActionResult> {
    return toResult(
      () => postSmsSend(this.http, { country, mobile, event: 'bind' }),
      () => undefined,
    );
  }

  async bind(form: Record<string, string>): Promise<ActionResult<UserInfo>> {
    return toResult(
      () => postBind(this.http, form),
      (d) => {
        this.onUserChanged(d.userinfo);
        return d.userinfo;
      },
    );
  }

  async savePersonal(form: Record<string, string>): Promise<ActionResult> {
    const result = await toResult(
      () => postPersonal(this.http, form),
      () => undefined,
    );
    if (result.ok) void this.personal.load();
    return result;
  }
}
