import { makeAutoObservable, runInAction } from 'mobx';
import { CODE_OK, type OrderStep, type PlanInfo } from '../../../contract/api';
import {
  identityMethodsFor,
  photosRequired,
  type IdentityMethod,
  type LineType,
} from '../../../contract/identity-rules';
import type { Delivery } from '../../../contract/esim-rules';
import { DOCUMENT_FIELD } from '../../../contract/order-status';
import { fetchDocument, uploadDocument } from '../../api/documents';
import type { HttpClient } from '../../api/http-client';
import { fetchPlans } from '../../api/content';
import {
  fetchOrder,
  fetchOrders,
  fetchPrefill,
  fetchServerDraft,
  postOrder,
  postResubmit,
  putServerDraft,
  type OrderView,
} from '../../api/purchase';
import { toResult, type ActionResult } from '../../lib/action-result';
import type { Clearable } from '../../lib/clearable';
import { DocumentUploads, type DocumentTarget } from '../../lib/document-uploads';
import type { KeyValueStorage } from '../../lib/persistence';
import { Resource } from '../../lib/resource';
import { readLocalDraft, serverDraftOf, writeLocalDraft, type PurchaseDraft } from './purchase-draft';
import { uploadSignature } from './signature-upload';
import { checkInformation, DEFAULT_FORM, formToSend, identityInputOf } from './purchase-form';
import { formUntouched, prefilledForm } from './prefill';

export { DEFAULT_FORM, PHOTO_FIELDS } from './purchase-form';

/**
 * The purchase in progress (docs/requirements.md#state: setmeal, form, image — the signature). Every
 * change is written at once: a WeChat web view killed while the camera was open must lose
 * nothing, and going back a step shows what was entered.
 */
export class PurchaseStore implements DocumentTarget, Clearable {
  setmeal: PlanInfo | null = null;
  form: Record<string, string> = { ...DEFAULT_FORM };
  /** The drawn signature as a PNG data URL, kept until the order is placed. */
  image = '';
  fileNames: Record<string, string> = {};
  /** Set while correcting a rejected order instead of buying a new one. */
  resubmitOrderNo = '';
  /** While correcting: what review refused, and the document ids the order was sent with. */
  rejections: OrderView['rejections'] = [];
  sentBefore: Record<string, string> = {};
  /** The order a returning customer's form was filled from, '' when it was not. */
  prefilledFrom = '';
  readonly uploads: DocumentUploads;
  /** The order the pay step shows: the one asked for by number, else the latest (null: none yet). */
  readonly order: Resource<{ order: OrderView | null; history?: OrderStep[] } | null>;
  /** The order number the pay step was opened with (`?orderNo=`), '' for the latest. */
  viewedOrderNo = '';
  /** Every order of the customer, newest first, for "my orders". */
  readonly orders: Resource<{ orders: OrderView[] }>;

  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  // Nothing is sent before the server's draft was looked at: a page filling in the e-mail
  // on a second device must not overwrite the purchase started on the first.
  private serverDraftChecked = false;
  /** Counts clears: an answer that arrives after one belongs to the customer who left. */
  private clears = 0;
  /** The server's draft being looked for: asked once however many callers wait for it. */
  private restoring: Promise<void> | null = null;
  private prefillAsked = false;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly http: HttpClient,
    /** Signed in: the draft is also kept on the server, for another device or browser. */
    private readonly signedIn: () => boolean = () => false,
    /** The server's KYC_PHOTO_FOR_DATA (app config): a data-only line may still be verified by photos. */
    private readonly photoForData: () => boolean = () => false,
  ) {
    const draft = readLocalDraft(storage);
    if (draft) {
      this.setmeal = draft.setmeal ?? null;
      this.form = { ...DEFAULT_FORM, ...(draft.form ?? {}) };
      this.image = draft.image ?? '';
      this.fileNames = draft.fileNames ?? {};
      this.resubmitOrderNo = draft.resubmitOrderNo ?? '';
      this.rejections = draft.rejections ?? [];
      this.sentBefore = draft.sentBefore ?? {};
      this.prefilledFrom = draft.prefilledFrom ?? '';
    }
    this.uploads = new DocumentUploads(
      (kind, file, name) => uploadDocument(http, kind, file, name),
      (id) => fetchDocument(http, id),
    );
    this.order = new Resource<{ order: OrderView | null; history?: OrderStep[] } | null>(
      () => fetchOrder(http, this.viewedOrderNo || undefined),
      null,
    );
    this.orders = new Resource(() => fetchOrders(http), { orders: [] });
    makeAutoObservable<
      PurchaseStore,
      | 'storage'
      | 'http'
      | 'signedIn'
      | 'photoForData'
      | 'saveTimer'
      | 'serverDraftChecked'
      | 'clears'
      | 'restoring'
      | 'prefillAsked'
    >(this, {
      photoForData: false,
      serverDraftChecked: false,
      clears: false,
      restoring: false,
      prefillAsked: false,
      storage: false,
      http: false,
      signedIn: false,
      saveTimer: false,
      uploads: false,
      order: false,
      orders: false,
    });
  }

  /**
   * The chosen plan's line. A chosen plan kept from before plans said so counts as voice: the
   * stricter rule, which the server's answer corrects when the plans are loaded again. With no
   * plan chosen yet the form is the data plan's (photos where allowed), as it was before line
   * types: the order cannot be placed without a plan, and choosing one decides.
   */
  get lineType(): LineType {
    if (!this.setmeal) return 'data';
    return this.setmeal.lineType === 'data' ? 'data' : 'voice';
  }

  /** How this order's customer may be verified, in the order offered (the server decides alike). */
  get identityMethods(): IdentityMethod[] {
    return identityMethodsFor(this.identityInput);
  }

  /**
   * Whether step 2 shows and requires the document photos. Correcting an order review refused
   * keeps them: what review refuses is a photo. Correcting details an IC chip check did not
   * match (no refusal) follows the rule.
   */
  get photosRequired(): boolean {
    return (this.resubmitOrderNo !== '' && this.rejections.length > 0) || photosRequired(this.identityInput);
  }

  /** The chosen plan may come as an eSIM (issue 30): the form offers it beside mail and pickup. */
  get esimOffered(): boolean {
    return this.setmeal?.esim === true;
  }

  private get identityInput(): { lineType: LineType; delivery: Delivery; photoForData: boolean } {
    return identityInputOf(this.form, this.lineType, this.photoForData());
  }

  /** Shows one order by its number, or the latest with ''. */
  viewOrder(orderNo: string): Promise<void> {
    this.viewedOrderNo = orderNo;
    return this.order.load();
  }

  chooseSetmeal(plan: PlanInfo): void {
    this.setmeal = plan;
    this.dropEsimIfNotOffered();
    this.persist();
  }

  /** A plan without eSIM cannot keep an eSIM delivery chosen for another: back to mail. */
  private dropEsimIfNotOffered(): void {
    if (this.form.delivery === 'esim' && !this.esimOffered)
      this.form = { ...this.form, delivery: 'mail', esimConfirm: '' };
  }

  /**
   * The chosen plan as the server now describes it: a plan kept on the phone from before plans
   * said their line type (or before a price change) takes the current one. Nothing else changes.
   */
  refreshSetmeal(plans: readonly PlanInfo[]): void {
    const fresh = this.setmeal ? plans.find((p) => p.id === this.setmeal?.id) : undefined;
    if (!fresh || JSON.stringify(fresh) === JSON.stringify(this.setmeal)) return;
    this.setmeal = fresh;
    this.dropEsimIfNotOffered();
    this.persist();
  }

  /** A shared plan link (`?plan=<id>`): that plan, when it is one on offer. True when chosen. */
  chooseSharedPlan(id: string | null, plans: readonly PlanInfo[]): boolean {
    const plan = id ? plans.find((p) => String(p.id) === id) : undefined;
    if (plan) this.chooseSetmeal(plan);
    return plan !== undefined;
  }

  updateForm(fields: Record<string, string>): void {
    this.form = { ...this.form, ...fields };
    this.persist();
  }

  setImage(image: string): void {
    this.image = image;
    this.persist();
  }

  /** Checks size before anything is sent, shrinks photos, uploads, and remembers the id. */
  async uploadDocument(field: string, kind: string, file: File): Promise<ActionResult<string>> {
    const clears = this.clears;
    const result = await this.uploads.upload(field, kind, file);
    if (result.ok && clears === this.clears) {
      runInAction(() => {
        this.form = { ...this.form, [field]: result.value };
        this.fileNames = { ...this.fileNames, [field]: file.name };
        this.persist();
      });
    }
    return result;
  }

  checkInformation(): Promise<ActionResult> {
    return checkInformation(this.form, this.photosRequired);
  }

  /** Step 4 begins: the signature is uploaded and the server prices and places the order. */
  async placeOrder(): Promise<ActionResult<OrderView>> {
    if (!this.setmeal) return { ok: false, msg: '', error: 'SETMEAL_REQUIRED', fields: {} };
    if (!this.image) return { ok: false, msg: '', error: 'SIGN_FIRST', fields: {} };
    const checked = await this.checkInformation();
    if (!checked.ok) return checked;
    const uploaded = await uploadSignature(this.http, this.image);
    if (!uploaded.ok) return uploaded;
    const form = {
      ...formToSend(this.form, this.photosRequired),
      planId: this.setmeal.id,
      signatureId: uploaded.value,
    };
    const placed = await toResult(
      () => postOrder(this.http, form),
      (d) => d.order,
    );
    if (placed.ok) {
      this.clear();
      // The server dropped its draft with the order: a next purchase here may be kept again.
      this.serverDraftChecked = true;
    }
    return placed;
  }

  /** Starts correcting a rejected order: its information comes back into the form. */
  startResubmit(order: OrderView): void {
    this.resubmitOrderNo = order.orderNo;
    this.rejections = order.rejections;
    this.sentBefore = { ...order.info };
    this.form = { ...DEFAULT_FORM, ...order.info };
    this.persist();
  }

  /** A refused document still as it was sent: the reason it was refused, else undefined. */
  rejectionOf(field: string): OrderView['rejections'][number] | undefined {
    if (!this.resubmitOrderNo || !this.form[field] || this.form[field] !== this.sentBefore[field]) return undefined;
    return this.rejections.find((r) => DOCUMENT_FIELD[r.document] === field);
  }

  async resubmit(): Promise<ActionResult<OrderView>> {
    const checked = await this.checkInformation();
    if (!checked.ok) return checked;
    const result = await toResult(
      () => postResubmit(this.http, { ...this.form, orderNo: this.resubmitOrderNo }),
      (d) => d.order,
    );
    if (result.ok) this.clear();
    return result;
  }

  /** After an order is placed, and for the next customer after a logout or a 401. */
  clear(): void {
    this.clears += 1;
    this.setmeal = null;
    this.form = { ...DEFAULT_FORM };
    this.image = '';
    this.fileNames = {};
    this.resubmitOrderNo = '';
    this.rejections = [];
    this.sentBefore = {};
    this.prefilledFrom = '';
    this.prefillAsked = false;
    this.uploads.reset();
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.serverDraftChecked = false;
    // After an order is placed or the customer signs out, no screen may show the old answers.
    this.viewedOrderNo = '';
    this.order.reset();
    this.orders.reset();
    writeLocalDraft(this.storage, null);
  }

  private persist(): void {
    const draft: PurchaseDraft = {
      setmeal: this.setmeal,
      form: this.form,
      image: this.image,
      fileNames: this.fileNames,
      resubmitOrderNo: this.resubmitOrderNo,
      rejections: this.rejections,
      sentBefore: this.sentBefore,
      prefilledFrom: this.prefilledFrom,
    };
    writeLocalDraft(this.storage, draft);
    this.saveToServer();
  }

  /** A new purchase, typed a little at a time: sent to the server once typing pauses. */
  private saveToServer(): void {
    if (!this.signedIn() || this.resubmitOrderNo || !this.serverDraftChecked) return;
    clearTimeout(this.saveTimer);
    const draft = serverDraftOf(this.setmeal, this.form, this.fileNames);
    this.saveTimer = setTimeout(() => void putServerDraft(this.http, draft).catch(() => undefined), 800);
  }

  /**
   * Signed in with nothing started here: takes up the purchase started on another device
   * (after a hand-off, say). Something typed here always wins.
   */
  restoreFromServer(): Promise<void> {
    this.restoring ??= this.restoreDraft().finally(() => {
      this.restoring = null;
    });
    return this.restoring;
  }

  /**
   * A returning customer opening step 2 with nothing entered: their last order's details and
   * the documents still good to use fill the form, all of it changeable. A draft of this
   * purchase, here or on the server, and anything typed meanwhile win; a failed answer
   * leaves the empty form as it was.
   */
  async loadPrefill(): Promise<void> {
    if (!this.signedIn() || this.resubmitOrderNo || this.prefillAsked) return;
    this.prefillAsked = true;
    const clears = this.clears;
    if (!this.serverDraftChecked) await this.restoreFromServer();
    if (clears !== this.clears || !formUntouched(this.form, DEFAULT_FORM)) return;
    const answer = await fetchPrefill(this.http).catch(() => null);
    runInAction(() => {
      if (clears !== this.clears) return;
      // No answer: asked again the next time the form opens.
      if (answer?.code !== CODE_OK) this.prefillAsked = false;
      const prefill = answer?.code === CODE_OK ? answer.data.prefill : null;
      if (!prefill || this.resubmitOrderNo || !formUntouched(this.form, DEFAULT_FORM)) return;
      this.form = prefilledForm(this.form, prefill.form, DEFAULT_FORM);
      this.fileNames = {};
      this.prefilledFrom = prefill.orderNo;
      this.persist();
    });
  }

  private async restoreDraft(): Promise<void> {
    // The e-mail is filled in from the account by the page itself: it is not "started here".
    const untouched =
      !this.setmeal &&
      !this.resubmitOrderNo &&
      Object.keys(this.form).every((k) => k === 'email' || this.form[k] === DEFAULT_FORM[k]);
    if (!untouched) {
      this.serverDraftChecked = true;
      this.saveToServer();
      return;
    }
    const clears = this.clears;
    const answer = await fetchServerDraft(this.http).catch(() => null);
    // Signed out while it was asked for: the draft is the customer's who left.
    if (clears !== this.clears) return;
    const saved = answer?.code === CODE_OK ? answer.data.draft : null;
    this.serverDraftChecked = true;
    if (!saved) return;
    const plans = saved.planId ? await fetchPlans(this.http).catch(() => null) : null;
    runInAction(() => {
      if (clears !== this.clears) return;
      this.setmeal = plans?.code === CODE_OK ? (plans.data.find((p) => p.id === saved.planId) ?? null) : null;
      this.form = { ...DEFAULT_FORM, ...saved.form, email: saved.form.email || this.form.email || '' };
      this.fileNames = { ...saved.fileNames };
      writeLocalDraft(this.storage, {
        setmeal: this.setmeal,
        form: this.form,
        image: '',
        fileNames: this.fileNames,
        resubmitOrderNo: '',
      });
    });
  }
}
