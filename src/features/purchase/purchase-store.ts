import { makeAutoObservable } from 'mobx';
import type { PlanInfo } from '../../../contract/api';
import { readJson, STORAGE_KEYS, writeJson, type KeyValueStorage } from '../../lib/persistence';

interface PurchaseDraft {
  setmeal: PlanInfo | null;
  form: Record<string, string>;
  image: string;
}

/**
 * The purchase in progress (SPEC.md section 3: setmeal, form, image). Every change is
 * written at once: a WeChat web view killed while the camera was open must lose nothing.
 */
export class PurchaseStore {
  setmeal: PlanInfo | null = null;
  form: Record<string, string> = {};
  image = '';

  constructor(private readonly storage: KeyValueStorage) {
    const draft = readJson<PurchaseDraft>(storage, STORAGE_KEYS.purchase);
    if (draft) {
      this.setmeal = draft.setmeal ?? null;
      this.form = draft.form ?? {};
      this.image = draft.image ?? '';
    }
    makeAutoObservable<PurchaseStore, 'storage'>(this, { storage: false });
  }

  chooseSetmeal(plan: PlanInfo): void {
    this.setmeal = plan;
    this.persist();
  }

  updateForm(fields: Record<string, string>): void {
    this.form = { ...this.form, ...fields };
    this.persist();
  }

  setImage(image: string): void {
    this.image = image;
    this.persist();
  }

  clear(): void {
    this.setmeal = null;
    this.form = {};
    this.image = '';
    writeJson(this.storage, STORAGE_KEYS.purchase, null);
  }

  private persist(): void {
    writeJson(this.storage, STORAGE_KEYS.purchase, { setmeal: this.setmeal, form: this.form, image: this.image });
  }
}
